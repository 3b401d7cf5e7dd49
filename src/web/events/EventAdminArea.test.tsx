// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AdminEvent } from "../../shared/events/event-api.ts";
import { TEST_NOW } from "../../shared/test-clock.fixture.ts";
import type { AdminSession } from "../components/admin/AdminShell.tsx";
import { calls, mockApi } from "../test-support/mock-api.ts";
import { EventAdminArea } from "./EventAdminArea.tsx";

const course: AdminEvent = {
  slug: "sommerkurs-2027",
  kind: "kurs",
  title: "Sommerkurs",
  firstDay: "2027-06-21",
  lastDay: "2027-06-23",
  registrationOpensAt: "2027-03-01T11:00:00.000Z",
  published: false,
  phase: "upcoming",
  state: "open",
  participants: 0,
  waiting: 0,
  definition: {
    kind: "kurs",
    title: "Sommerkurs",
    firstDay: "2027-06-21",
    lastDay: "2027-06-23",
    venue: "Ski",
    description: "",
    registrationOpensAt: "2027-03-01T11:00:00.000Z",
    registrationClosesAt: "2027-06-01T21:59:00.000Z",
    capacity: 30,
    price: 500,
    priceBands: [{ maxAge: 12, price: 300 }],
    sleepover: true,
    questions: [
      { id: "mat", label: "Matallergier", type: "text", required: false, choices: [] },
      { id: "gruppe", label: "Gruppe", type: "choice", required: true, choices: ["Barn", "Ungdom"] },
    ],
  },
};

const session = (): AdminSession => ({ token: "tok123", signOut: vi.fn(), logOut: { busy: false, run: vi.fn() } });
const group = (name: string) => screen.getByRole("group", { name });
const putCalls = () => calls.filter((call) => call.method === "PUT");

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

describe("the event admin's form", () => {
  it("opens a course's questions as rows and sends the reordered definition to the server", async () => {
    mockApi({ "/api/ArrangementAdmin/Get/": [{ body: [course] }], "/api/ArrangementAdmin/Put/": [{ status: 201, body: "" }] }, { withInit: true });
    render(<EventAdminArea session={session()} />);
    fireEvent.click(await screen.findByRole("button", { name: /^Endre.*Sommerkurs$/ }));
    expect(within(group("Spørsmål 2")).getByLabelText("Spørsmålet")).toHaveProperty("value", "Gruppe");
    expect(screen.queryByRole("textbox", { name: /JSON|Arrangementet \(/ })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Flytt opp spørsmål 2" }));
    fireEvent.change(within(group("Valgene i spørsmål 1")).getByLabelText("Valg 2"), { target: { value: "Voksen" } });
    fireEvent.click(screen.getByRole("button", { name: "Lagre" }));

    await waitFor(() => expect(putCalls()).toHaveLength(1));
    expect(putCalls()[0]!.url).toBe("/api/ArrangementAdmin/Put/sommerkurs-2027/tok123");
    expect(JSON.parse(String(putCalls()[0]!.init!.body))).toEqual({
      ...course.definition,
      questions: [
        { id: "gruppe", label: "Gruppe", type: "choice", required: true, choices: ["Barn", "Voksen"] },
        { id: "mat", label: "Matallergier", type: "text", required: false, choices: [] },
      ],
    });
    expect(await screen.findByText("«Sommerkurs» er lagret.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Lagre" })).toBeNull();
  });

  it("keeps the form and what was typed when the server says no, with the server's message by the field", async () => {
    mockApi(
      {
        "/api/ArrangementAdmin/Get/": [{ body: [course] }],
        "/api/ArrangementAdmin/Put/": [
          { status: 400, body: { error: "Ugyldig innhold.", issues: [{ path: "questions.1.label", message: "Skriv spørsmålet." }] } },
        ],
      },
      { withInit: true },
    );
    render(<EventAdminArea session={session()} />);
    fireEvent.click(await screen.findByRole("button", { name: /^Endre.*Sommerkurs$/ }));
    fireEvent.change(screen.getByLabelText("Navn på arrangementet"), { target: { value: "Sommerkurs 2027" } });
    fireEvent.click(screen.getByRole("button", { name: "Lagre" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Ugyldig innhold."));
    const label = within(group("Spørsmål 2")).getByLabelText("Spørsmålet");
    expect(document.getElementById(label.getAttribute("aria-describedby")!)?.textContent).toBe("Skriv spørsmålet.");
    expect(screen.getByLabelText("Navn på arrangementet")).toHaveProperty("value", "Sommerkurs 2027");
  });

  it("says where each event stands in one phrase, and sends a new event as one that must not replace another", async () => {
    // 15 October 2026: an opening next March is more than half a year away and says its year.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date(TEST_NOW) });
    const published: AdminEvent = {
      ...course,
      slug: "gradering-mars-2027",
      kind: "gradering",
      title: "Vårgradering",
      published: true,
      state: "notyet",
    };
    mockApi(
      {
        "/api/ArrangementAdmin/Get/": [{ body: [course, published] }],
        "/api/ArrangementAdmin/Put/": [{ status: 409, body: { error: "Det finnes allerede et arrangement med denne adressen. Velg en annen." } }],
      },
      { withInit: true },
    );
    render(<EventAdminArea session={session()} />);
    const row = (name: RegExp) => screen.getByRole("row", { name });
    expect(within(await screen.findByRole("row", { name: /Sommerkurs/ })).getByText("Utkast (ikke publisert)")).toBeTruthy();
    expect(within(row(/Vårgradering/)).getByText("Publisert – påmeldingen åpner 1. mars 2027")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Nytt kurs" }));
    fireEvent.change(screen.getByLabelText("Adresse (/arrangementer/…)"), { target: { value: "nytt-kurs-2027" } });
    fireEvent.change(screen.getByLabelText("Navn på arrangementet"), { target: { value: "Nytt kurs" } });
    fireEvent.change(screen.getByLabelText("Første dag"), { target: { value: "2027-06-21" } });
    fireEvent.change(screen.getByLabelText("Siste dag"), { target: { value: "2027-06-21" } });
    for (const [name, date] of [
      ["Påmeldingen åpner", "2027-03-01"],
      ["Påmeldingen stenger", "2027-06-01"],
    ] as const) {
      fireEvent.change(within(group(name)).getByLabelText("Dato"), { target: { value: date } });
      fireEvent.change(within(group(name)).getByLabelText("Klokkeslett"), { target: { value: "12:00" } });
    }
    fireEvent.click(screen.getByRole("button", { name: "Lagre" }));
    await waitFor(() => expect(putCalls()).toHaveLength(1));
    expect(putCalls()[0]!.url).toBe("/api/ArrangementAdmin/Put/nytt-kurs-2027/tok123?create=1");
    // The server's word on the address stands by the address.
    const address = screen.getByLabelText("Adresse (/arrangementer/…)");
    await waitFor(() => expect(address.getAttribute("aria-invalid")).toBe("true"));
    expect(document.getElementById(address.getAttribute("aria-describedby")!.split(" ")[0]!)?.textContent).toMatch(/finnes allerede/);
  });
});
