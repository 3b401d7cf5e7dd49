import { afterEach, describe, expect, it, vi } from "vitest";
import { validDraft } from "../../../shared/camp/camp-draft.fixture.ts";
import { newSibling } from "../../../shared/camp/camp-siblings.ts";
import { getClubs, postCampRegistration, quoteCampPrice } from "./registration-api.ts";

function answer(body: string, status = 200, contentType = "text/plain") {
  return vi.fn(async () => new Response(body, { status, headers: { "Content-Type": contentType } }));
}

afterEach(() => vi.unstubAllGlobals());

describe("postCampRegistration", () => {
  it("posts the draft as JSON and reads 'Done'", async () => {
    const fetch = answer("Done");
    vi.stubGlobal("fetch", fetch);
    await expect(postCampRegistration(validDraft())).resolves.toEqual({ kind: "done" });
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe("/api/Vinterleir/Post");
    expect(init.method).toBe("POST");
    expect(JSON.parse(String(init.body))).toEqual(validDraft());
  });

  it("takes an http(s) address or a site path as the payment redirect", async () => {
    vi.stubGlobal("fetch", answer("https://pay.vipps.no/abc?token=1"));
    await expect(postCampRegistration(validDraft())).resolves.toEqual({ kind: "redirect", url: "https://pay.vipps.no/abc?token=1" });
    vi.stubGlobal("fetch", answer("/vipps-simulator/pay/123"));
    await expect(postCampRegistration(validDraft())).resolves.toEqual({ kind: "redirect", url: "/vipps-simulator/pay/123" });
  });

  it("never follows an odd 2xx answer, an empty 500 or a javascript: address", async () => {
    for (const [body, status] of [
      ["javascript:alert(1)", 200],
      ["", 200],
      ["", 500],
      ["<html>oops</html>", 502],
    ] as const) {
      vi.stubGlobal("fetch", answer(body, status));
      expect((await postCampRegistration(validDraft())).kind).toBe("failed");
    }
  });

  it("returns the messages of a 400", async () => {
    const body = JSON.stringify({ error: "Noen av opplysningene er ugyldige.", issues: [{ path: "email", message: "Ugyldig epost." }] });
    vi.stubGlobal("fetch", answer(body, 400, "application/json"));
    await expect(postCampRegistration(validDraft())).resolves.toEqual({
      kind: "invalid",
      message: "Noen av opplysningene er ugyldige.",
      issues: [{ path: "email", message: "Ugyldig epost." }],
    });
  });

  it("reports a network failure with a technical detail", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    const result = await postCampRegistration(validDraft());
    expect(result).toMatchObject({ kind: "failed" });
    expect(result.kind === "failed" && result.detail).toContain("Failed to fetch");
  });
});

describe("getClubs", () => {
  it("checks the shape of the answer", async () => {
    vi.stubGlobal("fetch", answer(JSON.stringify([{ clubId: 1, name: "Bergen Vest" }]), 200, "application/json"));
    await expect(getClubs()).resolves.toEqual([{ clubId: 1, name: "Bergen Vest" }]);
    vi.stubGlobal("fetch", answer("<!DOCTYPE html>", 200, "text/html"));
    await expect(getClubs()).rejects.toThrow(/JSON/);
  });
});

describe("quoteCampPrice", () => {
  const kari = { ...newSibling("Nordmann", 1), firstName: "Kari", age: 9, gradeId: 5, allergies: "Egg", otherInfo: "Sover dårlig", public: false };

  it("asks the server without the health data and free text of any athlete, and reads its lines", async () => {
    const quote = { athletes: [{ name: "Ola Nordmann", lines: [{ label: "Vinterleir", amount: 1200 }], total: 1200 }], total: 1200 };
    const fetch = answer(JSON.stringify(quote), 200, "application/json");
    vi.stubGlobal("fetch", fetch);
    await expect(quoteCampPrice(validDraft({ allergies: "Nøtter", otherInfo: "Kommer sent", siblings: [kari] }))).resolves.toEqual(quote);
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe("/api/Vinterleir/Price");
    const body = String(init.body);
    for (const secret of ["Nøtter", "Kommer sent", "Egg", "Sover dårlig"]) expect(body).not.toContain(secret);
    expect(JSON.parse(body).siblings[0]).toMatchObject({ firstName: "Kari", public: false });
  });

  it("fails with the server's own words on a refusal, and on an answer of the wrong shape", async () => {
    vi.stubGlobal(
      "fetch",
      answer(
        JSON.stringify({ error: "Ukjent beltegrad.", issues: [{ path: "siblings.0.gradeId", message: "Ukjent beltegrad." }] }),
        400,
        "application/json",
      ),
    );
    await expect(quoteCampPrice(validDraft())).rejects.toThrow(/Prisen kunne ikke regnes ut \(400\): Ukjent beltegrad\. siblings\.0\.gradeId/);
    vi.stubGlobal("fetch", answer(JSON.stringify({ total: "mye" }), 200, "application/json"));
    await expect(quoteCampPrice(validDraft())).rejects.toThrow(/uventet form/);
  });
});
