// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { campEditionForYear } from "../../../../shared/camp/camp-edition.ts";
import { defaultReminder } from "../../../../shared/messages/message.ts";
import { CampEditionProvider } from "../../../lib/camp-edition.tsx";
import type { AdminSession } from "../../../components/admin/AdminShell.tsx";
import { calls, mockApi } from "../../../test-support/mock-api.ts";
import { AdminYearProvider } from "../admin-edition.tsx";
import { adminPerson } from "../admin-person.fixture.ts";
import { MessagesArea } from "./MessagesArea.tsx";

const session: AdminSession = { token: "tok123", signOut: vi.fn(), logOut: { busy: false, run: vi.fn() } };
const reminder = {
  ...defaultReminder,
  sentMessageId: null,
  sendsAt: "2027-11-24T23:00:00.000Z",
  state: "planned",
  sentAt: null,
  recipients: null,
  campStartsAt: "2027-11-27T23:00:00.000Z",
};

afterEach(() => {
  vi.unstubAllGlobals();
});

/**
 * «Send melding» with «the» camp 2026 as the site's edition and `picked` open in «Vis leir» (undefined: «the»
 * camp): the picker's year alone decides which camp's families are written to.
 */
function renderArea(picked: number | undefined) {
  mockApi(
    {
      "/api/Melding/Get/": [{ body: [] }],
      "/api/Melding/Reminder/": [{ body: reminder }],
      "/api/Melding/Send/": [{ status: 201, body: { id: 1, recipients: 1 } }],
      "/api/VinterleirAdmin/Get/": [{ body: [adminPerson({})] }],
    },
    { withInit: true },
  );
  render(
    <CampEditionProvider edition={campEditionForYear(2026)}>
      <AdminYearProvider initialYear={picked}>
        <MessagesArea session={session} />
      </AdminYearProvider>
    </CampEditionProvider>,
  );
}

describe("«Send melding» follows the camp open in «Vis leir»", () => {
  it("for 2027: heading, log, reminder, recipients and sending all ask for 2027", async () => {
    renderArea(2027);
    expect(await screen.findByRole("heading", { level: 2, name: "Send melding – vinterleiren 2027" })).toBeTruthy();
    expect(screen.getByText(/Meldingen går bare til påmeldte til vinterleiren 2027\./)).toBeTruthy();
    await waitFor(() => expect(calls.some((call) => call.url.startsWith("/api/Melding/Get/vinterleir-2027/"))).toBe(true));
    await waitFor(() => expect(calls.some((call) => call.url.startsWith("/api/Melding/Reminder/vinterleir-2027/"))).toBe(true));
    expect(calls.some((call) => call.url.startsWith("/api/VinterleirAdmin/Get/") && call.url.endsWith("?year=2027"))).toBe(true);

    fireEvent.change(screen.getByLabelText("Emne"), { target: { value: "Neste år" } });
    fireEvent.change(screen.getByLabelText("Melding"), { target: { value: "Velkommen." } });
    fireEvent.click(screen.getByRole("button", { name: "Send melding" }));
    expect(screen.getByText(/på vinterleiren 2027\./)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Ja, send" }));
    await screen.findByText(/Meldingen er lagt i kø til 1 familie\./);
    const sends = calls.filter((call) => call.url.startsWith("/api/Melding/Send/"));
    expect(sends.map((call) => call.url)).toEqual(["/api/Melding/Send/vinterleir-2027/tok123"]);
    expect(calls.some((call) => call.url.includes("vinterleir-2026"))).toBe(false);
  });

  it("without a choice: «the» camp's year, as before", async () => {
    renderArea(undefined);
    expect(await screen.findByRole("heading", { level: 2, name: "Send melding – vinterleiren 2026" })).toBeTruthy();
    await waitFor(() => expect(calls.some((call) => call.url.startsWith("/api/Melding/Get/vinterleir-2026/"))).toBe(true));
    expect(calls.some((call) => call.url.includes("vinterleir-2027"))).toBe(false);
  });
});
