import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ApiError, getJson, parseErrorBody, paymentUrl, requestAdminToken, writeJson } from "./api-client.ts";

function answer(body: string, status = 200, contentType = "text/plain") {
  return vi.fn(async () => new Response(body, { status, headers: { "Content-Type": contentType } }));
}

afterEach(() => vi.unstubAllGlobals());

describe("getJson", () => {
  const schema = z.array(z.object({ id: z.number() }));

  it("gives the parsed answer, and an ApiError for an error page, non-JSON or the wrong shape", async () => {
    vi.stubGlobal("fetch", answer(JSON.stringify([{ id: 1 }]), 200, "application/json"));
    await expect(getJson("/api/Thing", schema)).resolves.toEqual([{ id: 1 }]);
    vi.stubGlobal("fetch", answer("<!DOCTYPE html>", 200, "text/html"));
    await expect(getJson("/api/Thing", schema)).rejects.toThrow(/JSON/);
    vi.stubGlobal("fetch", answer(JSON.stringify([{ id: "1" }]), 200, "application/json"));
    await expect(getJson("/api/Thing", schema)).rejects.toThrow(/uventede data/);
    vi.stubGlobal("fetch", answer("nope", 503));
    await expect(getJson("/api/Thing", schema)).rejects.toMatchObject({ name: "ApiError", status: 503 });
  });

  it("takes a schema that is still loading, and checks the answer against it once both have arrived", async () => {
    vi.stubGlobal("fetch", answer(JSON.stringify([{ id: 1 }]), 200, "application/json"));
    await expect(getJson("/api/Thing", Promise.resolve(schema))).resolves.toEqual([{ id: 1 }]);
    vi.stubGlobal("fetch", answer(JSON.stringify([{ id: "1" }]), 200, "application/json"));
    await expect(getJson("/api/Thing", Promise.resolve(schema))).rejects.toThrow(/uventede data/);
    const notLoaded = new Error("Failed to fetch dynamically imported module");
    await expect(getJson("/api/Thing", Promise.reject(notLoaded))).rejects.toBe(notLoaded);
  });

  it("turns a network failure into an ApiError", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    await expect(getJson("/api/Thing", schema)).rejects.toBeInstanceOf(ApiError);
  });
});

describe("writeJson", () => {
  const schema = z.object({ recipients: z.number() });

  it("sends the body as JSON with its method and gives the parsed answer", async () => {
    const fetch = answer(JSON.stringify({ recipients: 2 }), 200, "application/json");
    vi.stubGlobal("fetch", fetch);
    await expect(writeJson("PUT", "/api/Thing", { subject: "Hei" }, schema)).resolves.toEqual({ recipients: 2 });
    expect(fetch).toHaveBeenCalledWith(
      "/api/Thing",
      expect.objectContaining({
        method: "PUT",
        body: JSON.stringify({ subject: "Hei" }),
        headers: expect.objectContaining({ "Content-Type": "application/json" }),
      }),
    );
  });

  it("throws the server's message with its field messages, or the method and status when there is none", async () => {
    vi.stubGlobal(
      "fetch",
      answer(JSON.stringify({ error: "Meldingen er ikke gyldig.", issues: [{ path: "subject", message: "Skriv et emne." }] }), 400),
    );
    await expect(writeJson("POST", "/api/Thing", {}, schema)).rejects.toMatchObject({
      name: "ApiError",
      status: 400,
      message: "Meldingen er ikke gyldig. Skriv et emne.",
    });
    vi.stubGlobal("fetch", answer("<!DOCTYPE html>", 502, "text/html"));
    await expect(writeJson("PUT", "/api/Thing", {}, schema)).rejects.toMatchObject({ status: 502, message: "PUT svarte 502" });
  });
});

describe("parseErrorBody and paymentUrl", () => {
  it("reads only the shared error body", () => {
    expect(parseErrorBody(JSON.stringify({ error: "Ugyldig." }))).toEqual({ error: "Ugyldig." });
    expect(parseErrorBody("<html>")).toBeUndefined();
  });

  it("takes an http(s) address or a path on this site, nothing else", () => {
    expect(paymentUrl("https://pay.vipps.no/x")).toBe("https://pay.vipps.no/x");
    expect(paymentUrl("/vipps-sim/landing?x=1")).toBe("/vipps-sim/landing?x=1");
    expect(paymentUrl("//evil.example")).toBeUndefined();
    expect(paymentUrl("javascript:alert(1)")).toBeUndefined();
  });
});

describe("requestAdminToken", () => {
  it("reads a text token, a JSON no, a 401, and a server message", async () => {
    vi.stubGlobal("fetch", answer("abc123"));
    await expect(requestAdminToken("/api/Invoice/GetToken/x")).resolves.toEqual({ kind: "ok", token: "abc123" });
    vi.stubGlobal("fetch", answer(JSON.stringify({ ok: false }), 200, "application/json"));
    await expect(requestAdminToken("/api/Invoice/GetToken/x")).resolves.toEqual({ kind: "wrong" });
    vi.stubGlobal("fetch", answer("", 401));
    await expect(requestAdminToken("/api/Invoice/GetToken/x")).resolves.toEqual({ kind: "wrong" });
    vi.stubGlobal("fetch", answer(JSON.stringify({ error: "For mange forsøk." }), 429, "application/json"));
    await expect(requestAdminToken("/api/Invoice/GetToken/x")).resolves.toEqual({ kind: "failed", message: "For mange forsøk." });
  });
});
