// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { calls, mockApi } from "../../test-support/mock-api.ts";
import { adminPerson } from "./admin-person.fixture.ts";
import { LeaderCompanions } from "./LeaderCompanions.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const athlete = adminPerson({ registrationId: 7 });
const kari = adminPerson({
  registrationId: 7,
  firstname: "Kari",
  lastname: "Ledsager",
  isLedsager: true,
  isLedsagerForName: "Ola Nordmann",
  companionId: 41,
  amount: 550,
  paid: 550,
});

describe("LeaderCompanions", () => {
  it("removes a companion after asking, and says what it means for money", async () => {
    mockApi({ "/api/VinterleirAdmin/RemoveCompanion/": [{ body: { changed: true, total: 1025, outstanding: 0, refund: 550 } }] }, { withInit: true });
    const onChanged = vi.fn(async () => {});
    render(<LeaderCompanions person={athlete} companions={[kari]} token="tok" onChanged={onChanged} onUnauthorised={() => {}} />);
    expect(screen.getByText(/Kari Ledsager \(550\skr, betalt 550\skr\)/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Fjern Kari Ledsager" }));
    // Nothing is sent before the leader confirms.
    expect(calls.some((call) => call.url.includes("/RemoveCompanion/"))).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Ja, fjern" }));
    expect(
      await screen.findByText(
        /Kari Ledsager er fjernet som ledsager, og familien har fått e-post\. Ny pris 1\s025\skr, utestående 0\skr, 550\skr tilbake\./,
      ),
    ).toBeTruthy();
    const sent = calls.find((call) => call.url === "/api/VinterleirAdmin/RemoveCompanion/7/tok")!;
    expect(JSON.parse(String(sent.init!.body))).toEqual({ companionId: 41 });
    expect(onChanged).toHaveBeenCalled();
  });

  it("adds a companion checked by the shared schema first, then shows the server's words on a field", async () => {
    mockApi(
      {
        "/api/VinterleirAdmin/AddCompanion/": [
          {
            status: 400,
            body: {
              error: "Noen av opplysningene er ugyldige. Rett feltene og prøv igjen.",
              issues: [{ path: "email", message: "Eposten er ikke gyldig." }],
            },
          },
          { body: { changed: true, total: 1575, outstanding: 550, refund: 0 } },
        ],
      },
      { withInit: true },
    );
    const onChanged = vi.fn(async () => {});
    render(<LeaderCompanions person={athlete} companions={[]} token="tok" onChanged={onChanged} onUnauthorised={() => {}} />);
    expect(screen.getByText("Ingen ledsagere.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Legg til ledsager" }));
    // Empty form: the shared schema refuses it and nothing is sent.
    fireEvent.click(screen.getByRole("button", { name: "Legg til ledsageren" }));
    expect(await screen.findByText("Sjekk feltene for ledsageren.")).toBeTruthy();
    expect(calls.some((call) => call.url.includes("/AddCompanion/"))).toBe(false);
    fireEvent.change(screen.getByLabelText("Fornavn"), { target: { value: "Per" } });
    fireEvent.change(screen.getByLabelText("Etternavn"), { target: { value: "Hansen" } });
    fireEvent.change(screen.getByLabelText("Ledsagerens telefon"), { target: { value: "91234567" } });
    fireEvent.change(screen.getByLabelText("Ledsagerens e-post"), { target: { value: "per@example.no" } });
    fireEvent.click(screen.getByRole("button", { name: "Legg til ledsageren" }));
    expect(await screen.findAllByText("Eposten er ikke gyldig.")).not.toHaveLength(0);
    fireEvent.click(screen.getByRole("button", { name: "Legg til ledsageren" }));
    expect(
      await screen.findByText(/Per Hansen er lagt til som ledsager, og familien har fått e-post\. Ny pris 1\s575\skr, utestående 550\skr\./),
    ).toBeTruthy();
    const sent = calls.filter((call) => call.url === "/api/VinterleirAdmin/AddCompanion/7/tok").at(-1)!;
    expect(JSON.parse(String(sent.init!.body))).toMatchObject({ firstName: "Per", lastName: "Hansen", alreadyRegistered: false });
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
  });
});
