// @vitest-environment happy-dom
import { createHash } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { NewMemberAdminEntry } from "../../shared/members/new-member-admin.ts";
import { NewMemberAdmin } from "./NewMemberAdminPage.tsx";
import { calls, mockApi, type Answer } from "../test-support/mock-api.ts";

const entry = (over: Partial<NewMemberAdminEntry>): NewMemberAdminEntry => ({
  registrationId: 1,
  registrationdate: "2026-10-15T10:00:00.000Z",
  firstName: "Sara",
  lastName: "Berg",
  firstname: "Sara",
  lastname: "Berg",
  age: 9,
  parentFirstName: "Lise",
  parentLastName: "Berg",
  parentfirstname: "Lise",
  parentlastname: "Berg",
  email: "lise@example.no",
  telephone: "91234567",
  referer: 2,
  ...over,
});
const sara = entry({});
/** One message from «Skriv til interesserte», as the log answers it. */
const sentMessage = {
  id: 7,
  segment: "all",
  day: null,
  subject: "Prøvetime på tirsdag",
  createdBy: "nye-medlemmer",
  createdAt: "2026-10-15T10:00:00.000Z",
  sendAt: "2026-10-15T10:00:00.000Z",
  queuedAt: "2026-10-15T10:00:00.000Z",
  recipients: 1,
  counts: { queued: 0, sent: 1, failed: 0 },
  attachment: null,
  cancelledAt: null,
  cancelledBy: null,
  timing: null,
  families: [{ address: "lise@example.no", participants: "Sara Berg", state: "sent", error: null }],
};
const per = entry({
  registrationId: 2,
  firstName: "Per",
  lastName: "Dahl",
  firstname: "Per",
  lastname: "Dahl",
  age: 34,
  parentFirstName: "",
  parentLastName: "",
  parentfirstname: "",
  parentlastname: "",
  email: "per@example.no",
  referer: 0,
});

const hash = async (password: string) => createHash("sha256").update(password).digest("hex");

beforeEach(() => {
  document.cookie = "newMemberAdminToken=; Max-Age=0; Path=/";
});
afterEach(() => vi.unstubAllGlobals());

describe("new-member admin login", () => {
  it("says 'Feil passord.' on a wrong password and sends only the digest", async () => {
    mockApi({ "/api/NewMemberAdmin/GetToken/": [{ status: 401, body: { error: "Feil passord." } }] });
    render(<NewMemberAdmin hash={hash} />);
    expect(screen.queryByLabelText("Brukernavn")).toBeNull();
    fireEvent.change(screen.getByLabelText("Passord"), { target: { value: "hemmelig" } });
    fireEvent.submit(screen.getByLabelText("Passord").closest("form")!);
    expect(await screen.findByText("Feil passord.")).toBeTruthy();
    expect(calls[0]!.url).toBe(`/api/NewMemberAdmin/GetToken/${await hash("hemmelig")}`);
    expect(calls[0]!.url).not.toContain("hemmelig");
  });

  it("keeps the token in a cookie for 150 days and shows the list", async () => {
    mockApi({
      "/api/NewMemberAdmin/GetToken/": [{ body: "tok1", text: true }],
      "/api/NewMemberAdmin/Get/": [{ body: [per, sara] }],
      "/api/NewMemberAdmin/Messages/": [{ body: [sentMessage] }],
    });
    const cookieSpy = vi.spyOn(document, "cookie", "set");
    render(<NewMemberAdmin hash={hash} />);
    fireEvent.change(screen.getByLabelText("Passord"), { target: { value: "hemmelig" } });
    fireEvent.submit(screen.getByLabelText("Passord").closest("form")!);
    const table = await screen.findByRole("table");
    expect(cookieSpy.mock.calls.some(([value]) => String(value).startsWith("newMemberAdminToken=tok1; Max-Age=12960000"))).toBe(true);
    cookieSpy.mockRestore();
    expect(calls.map((call) => call.url)).toContain("/api/NewMemberAdmin/Get/tok1");
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByRole("button", { name: "Per Dahl" })).toBeTruthy();
    expect(within(rows[1]!).getByText("Nettsiden")).toBeTruthy();
    expect(within(rows[2]!).getByText("Lise Berg")).toBeTruthy();
    expect(within(rows[2]!).getByText("QR-kode")).toBeTruthy();
    expect(within(rows[2]!).getByText("9 år")).toBeTruthy();
    const mail = within(rows[2]!).getByRole("link", { name: /Send e-post/ }) as HTMLAnchorElement;
    expect(mail.href.startsWith("mailto:lise@example.no?")).toBe(true);
    const csv = screen.getByRole("link", { name: "Last ned CSV (for Excel)" }) as HTMLAnchorElement;
    expect(csv.getAttribute("href")).toBe("/api/NewMemberAdmin/GetCsv/tok1");
    expect(csv.getAttribute("download")).toBe("nye-medlemmer.csv");
    // What was written to the interested, with each address's state.
    const log = await screen.findByRole("heading", { name: "Prøvetime på tirsdag" });
    const entry = log.closest("li")!;
    expect(within(entry as HTMLElement).getByText("1 adresse: Sendt 1, i kø 0, feilet 0")).toBeTruthy();
    expect(within(entry as HTMLElement).getByText(/lise@example.no/)).toBeTruthy();
  });
});

describe("new-member admin list", () => {
  async function loggedIn(answers: Record<string, Answer[]>) {
    document.cookie = "newMemberAdminToken=tok1; Path=/";
    mockApi({ "/api/NewMemberAdmin/Messages/": [{ body: [] }], ...answers });
    render(<NewMemberAdmin hash={hash} />);
    return screen.findByRole("table");
  }

  it("deletes after 'Ja, slett' (not after 'Nei') and refreshes the list", async () => {
    await loggedIn({
      "/api/NewMemberAdmin/Get/": [{ body: [per, sara] }, { body: [per] }],
      "/api/NewMemberAdmin/Remove/": [{ body: { ok: true } }],
    });
    fireEvent.click(screen.getByRole("button", { name: "Slett Sara Berg" }));
    expect(screen.getByText("Slette Sara Berg for godt?")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Nei" }));
    expect(screen.queryByText("Slette Sara Berg for godt?")).toBeNull();
    expect(calls.some((call) => call.method === "DELETE")).toBe(false);

    fireEvent.click(screen.getByRole("button", { name: "Slett Sara Berg" }));
    fireEvent.click(screen.getByRole("button", { name: "Ja, slett" }));
    await screen.findByText("Sara Berg er slettet.");
    expect(calls.find((call) => call.method === "DELETE")!.url).toBe("/api/NewMemberAdmin/Remove/1/tok1");
    await waitFor(() => expect(screen.queryByRole("button", { name: "Sara Berg" })).toBeNull());
    expect(screen.getByRole("button", { name: "Per Dahl" })).toBeTruthy();
  });

  it("logs a failed delete and says so gently", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    await loggedIn({ "/api/NewMemberAdmin/Get/": [{ body: [sara] }], "/api/NewMemberAdmin/Remove/": [{ body: { ok: false } }] });
    fireEvent.click(screen.getByRole("button", { name: "Slett Sara Berg" }));
    fireEvent.click(screen.getByRole("button", { name: "Ja, slett" }));
    expect(await screen.findByText(/Klarte ikke slette Sara Berg/)).toBeTruthy();
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });

  it("opens the details with a back button that returns to the row", async () => {
    await loggedIn({ "/api/NewMemberAdmin/Get/": [{ body: [per, sara] }] });
    fireEvent.click(screen.getByRole("button", { name: "Sara Berg" }));
    expect(screen.getByRole("heading", { level: 2, name: "Sara Berg" })).toBeTruthy();
    expect(screen.getByText("QR-kode")).toBeTruthy();
    expect((screen.getByRole("link", { name: "Send e-post til Lise Berg" }) as HTMLAnchorElement).href).toContain("mailto:lise@example.no");
    fireEvent.click(screen.getByRole("button", { name: "Tilbake til listen" }));
    await waitFor(() => expect(document.activeElement?.textContent).toBe("Sara Berg"));
  });

  it("clears the token and returns to the login when the list cannot be fetched", async () => {
    document.cookie = "newMemberAdminToken=old; Path=/";
    mockApi({ "/api/NewMemberAdmin/Get/": [{ status: 401, body: { error: "Unauthroized" } }] });
    render(<NewMemberAdmin hash={hash} />);
    expect(await screen.findByText("Innloggingen er utløpt eller ugyldig. Logg inn på nytt.")).toBeTruthy();
    expect(screen.getByLabelText("Passord")).toBeTruthy();
    expect(document.cookie).not.toContain("newMemberAdminToken=old");
  });
});
