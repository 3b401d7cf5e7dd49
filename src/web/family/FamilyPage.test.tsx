// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import type { MyRegistrationView } from "../../shared/camp/camp-my-registration.ts";
import type { MyEventOrder } from "../../shared/events/event-my-order.ts";
import { newLinkAnswer, type FamilySeasonView } from "../../shared/family/family-page.ts";
import { calls, mockApi } from "../test-support/mock-api.ts";
import FamilyPage from "./FamilyPage.tsx";

const token = "B".repeat(43);
const getPath = `/api/MinPamelding/Get/${token}`;
const newLinkPath = `/api/MinPamelding/NewLink/${token}`;

const camp: MyRegistrationView = {
  orderId: "VL26-4F7K2Q",
  year: 2026,
  status: "confirmed",
  firstDay: "2026-11-28",
  lastDay: "2026-11-30",
  venue: "Ski",
  persons: [
    {
      key: "athlete",
      kind: "athlete",
      firstName: "Ola",
      lastName: "Nordmann",
      amount: 1200,
      cancelled: false,
      refundIfCancelledToday: 0,
      paidForIfCancelledToday: 0,
    },
  ],
  lines: [{ label: "Vinterleir", amount: 1200 }],
  total: 1200,
  paymentMethod: "card_cash",
  paid: 0,
  refunded: 0,
  kept: 0,
  refundOwed: 0,
  outstanding: 1200,
  paymentState: "Betales ved oppmøte",
  fullRefundUntil: "2026-11-21T23:00:00.000Z",
  laterShare: 0.5,
  refundTerms: "Avbestiller du før fristen, får du alt tilbake.",
  changeable: true,
  email: "familie@example.no",
  telephone: "91234567",
  allergies: "",
  otherInfo: "",
  vegan: false,
  public: true,
  sleepover: false,
  gradering: false,
  mayGrade: false,
  maySleepOver: true,
};

const gradingOrder: MyEventOrder = {
  orderId: "GR26-7H3K9P",
  status: "confirmed",
  method: "card_cash",
  event: {
    slug: "gradering-desember",
    kind: "gradering",
    title: "Cupgradering desember",
    firstDay: "2026-12-12",
    lastDay: "2026-12-12",
    venue: "Ski Taekwondo Klubb",
    startTime: "10:00",
    pickUp: "",
    ended: false,
  },
  contact: { firstName: "Kari", lastName: "Nordmann", email: "familie@example.no", telephone: "91234567" },
  participants: [
    {
      position: 0,
      name: "Ola Nordmann",
      age: 10,
      club: "Ski Taekwondo Klubb",
      grade: "8. cup",
      answers: [],
      amount: 350,
      refundIfCancelled: 0,
      cancelled: false,
    },
  ],
  items: [],
  money: { charged: 350, paid: 0, outstanding: 350, refunded: 0, refundOwed: 0, kept: 0 },
  refundIfCancelled: 0,
  cancellable: true,
};

const season = (patch: Partial<FamilySeasonView> = {}): FamilySeasonView =>
  ({ ...camp, events: [gradingOrder], link: { scope: "address" }, ...patch }) as FamilySeasonView;

function renderPage() {
  const Stub = createRoutesStub([
    { path: "/min-side/:token", Component: FamilyPage },
    { path: "*", Component: () => <p>En annen side</p> },
  ]);
  return render(<Stub initialEntries={[`/min-side/${token}`]} />);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("«Min side», the family's season", () => {
  it("shows the camp registration and the grading of one address as parts of one page, each with its own «Avbestill»", async () => {
    mockApi({ [getPath]: [{ body: season() }] });
    renderPage();
    await screen.findByRole("heading", { level: 1, name: "Min side" });
    expect(screen.getByText(/alt som er meldt på eller bestilt med e-postadressen deres/)).toBeTruthy();
    const campPart = screen.getByRole("region", { name: "Vinterleir 2026" });
    expect(within(campPart).getByText("VL26-4F7K2Q")).toBeTruthy();
    expect(within(campPart).getByRole("button", { name: /Avbestill/ })).toBeTruthy();
    const gradingPart = screen.getByRole("region", { name: "Min påmelding – Cupgradering desember" });
    expect(within(gradingPart).getByText("GR26-7H3K9P")).toBeTruthy();
    expect(within(gradingPart).getByRole("button", { name: "Avbestill hele påmeldingen" })).toBeTruthy();
    // The figures are the server's (from the ledger): the camp's and the grading's own.
    expect(within(gradingPart).getAllByText(/350\skr/).length).toBeGreaterThan(0);
    expect(within(campPart).getAllByText(/1\s200\skr/).length).toBeGreaterThan(0);
    // An address's link offers no «Finn påmeldingen min» detour.
    expect(screen.queryByRole("link", { name: "Finn påmeldingen min" })).toBeNull();
  });

  it("«Send meg en ny lenke» asks first, then says a new link is on its way and this one stops working", async () => {
    mockApi({ [getPath]: [{ body: season() }], [newLinkPath]: [{ body: { message: newLinkAnswer } }] });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Send meg en ny lenke" }));
    expect(screen.getByRole("group", { name: "Sende en ny lenke?" }).textContent).toContain("slutter å virke med en gang");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Nei, behold lenken" }));
    fireEvent.click(screen.getByRole("button", { name: "Ja, send en ny lenke" }));
    await screen.findByRole("heading", { level: 1, name: "En ny lenke er på vei" });
    expect(screen.getByRole("status").textContent).toBe(newLinkAnswer);
    expect(calls.filter((call) => call.method === "POST").map((call) => call.url)).toEqual([newLinkPath]);
  });

  it("a camp submission's link shows just that registration, points to «Finn påmeldingen min», and offers no new link", async () => {
    mockApi({ [getPath]: [{ body: season({ events: [], link: { scope: "submission" } }) }] });
    renderPage();
    await screen.findByRole("region", { name: "Vinterleir 2026" });
    expect(screen.queryByRole("region", { name: /Cupgradering/ })).toBeNull();
    expect(screen.getByRole("link", { name: "Finn påmeldingen min" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Send meg en ny lenke" })).toBeNull();
  });

  it("says so in Norwegian when the link no longer works", async () => {
    mockApi({ [getPath]: [{ status: 404, body: { error: "Fant ikke påmeldingen." } }] });
    renderPage();
    await screen.findByRole("heading", { level: 1, name: "Fant ikke påmeldingen" });
    expect(screen.getByRole("link", { name: "Finn påmeldingen min" })).toBeTruthy();
  });
});
