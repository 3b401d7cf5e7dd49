// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { calls, mockApi } from "../../test-support/mock-api.ts";
import { adminPerson } from "./admin-person.fixture.ts";
import { CorrectionForm } from "./CorrectionForm.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const clubs = [
  { clubId: 29, name: "Ski Taekwondo Klubb" },
  { clubId: 1, name: "Bergen Vest" },
];
const grades = [
  { gradeId: 3, name: "Gult", grade: 8, isDan: false },
  { gradeId: 20, name: "Svart", grade: 1, isDan: true },
];

describe("CorrectionForm", () => {
  it("sends only what changed, checked by the shared schema, and says what it means for money", async () => {
    mockApi(
      {
        "/api/Club/Get": [{ body: clubs }],
        "/api/Grade/Get": [{ body: grades }],
        "/api/VinterleirAdmin/Correct/": [{ body: { changed: ["clubId"], total: 1200, outstanding: 175, refund: 0 } }],
      },
      { withInit: true },
    );
    const onChanged = vi.fn(async () => {});
    render(
      <CorrectionForm
        person={adminPerson({ registrationId: 7, club: "Ski Taekwondo Klubb", grade: "8. Cup (Gult)", age: 11 })}
        token="tok"
        onChanged={onChanged}
        onUnauthorised={() => {}}
      />,
    );
    await waitFor(() => expect((screen.getByLabelText("Klubb") as HTMLSelectElement).value).toBe("29"));
    expect((screen.getByLabelText("Grad") as HTMLSelectElement).value).toBe("3");
    // Nothing changed: nothing sent.
    fireEvent.click(screen.getByRole("button", { name: "Rett påmeldingen" }));
    expect(await screen.findByText("Ingenting er endret.")).toBeTruthy();
    // An age the wizard refuses: the shared schema's own message, nothing sent.
    fireEvent.change(screen.getByLabelText("Alder"), { target: { value: "0" } });
    fireEvent.click(screen.getByRole("button", { name: "Rett påmeldingen" }));
    await waitFor(() => expect(calls.some((call) => call.url.includes("/Correct/"))).toBe(false));
    expect(screen.getByRole("status").textContent).not.toBe("");
    fireEvent.change(screen.getByLabelText("Alder"), { target: { value: "11" } });
    fireEvent.change(screen.getByLabelText("Klubb"), { target: { value: "1" } });
    fireEvent.click(screen.getByRole("button", { name: "Rett påmeldingen" }));
    expect(await screen.findByText(/Påmeldingen er rettet og familien har fått e-post\. Ny pris 1\s200\skr, utestående 175\skr\./)).toBeTruthy();
    const sent = calls.find((call) => call.url === "/api/VinterleirAdmin/Correct/7/tok")!;
    expect(JSON.parse(String(sent.init!.body))).toEqual({ clubId: 1 });
    expect(onChanged).toHaveBeenCalled();
  });

  it("shows the server's refusal in its own words", async () => {
    mockApi({
      "/api/Club/Get": [{ body: clubs }],
      "/api/Grade/Get": [{ body: grades }],
      "/api/VinterleirAdmin/Correct/": [
        { status: 400, body: { error: "Cup-gradering på leiren er bare for barn under 13 år fra Ski Taekwondo Klubb." } },
      ],
    });
    render(
      <CorrectionForm
        person={adminPerson({ gradering: false, age: 30, club: "Bergen Vest", grade: "8. Cup (Gult)" })}
        token="tok"
        onChanged={async () => {}}
        onUnauthorised={() => {}}
      />,
    );
    await waitFor(() => expect((screen.getByLabelText("Klubb") as HTMLSelectElement).value).toBe("1"));
    fireEvent.click(screen.getByLabelText("Gradering"));
    fireEvent.click(screen.getByRole("button", { name: "Rett påmeldingen" }));
    expect(await screen.findByText(/Cup-gradering på leiren er bare for barn/)).toBeTruthy();
  });
});
