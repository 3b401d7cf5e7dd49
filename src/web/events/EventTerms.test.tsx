// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import type { EventDetail, EventSummary } from "../../shared/events/event-api.ts";
import EventPage from "./EventPage.tsx";
import { EventList } from "./EventList.tsx";

const grading: EventDetail = {
  slug: "gradering-desember",
  kind: "gradering",
  title: "Cupgradering desember",
  firstDay: "2026-12-12",
  lastDay: "2026-12-12",
  state: "open",
  placesLeft: 10,
  url: "/arrangementer/gradering-desember",
  venue: "Ski Taekwondo Klubb",
  registrationOpensAt: "2026-11-01T07:00:00.000Z",
  registrationClosesAt: "2026-12-10T22:59:00.000Z",
  description: "",
  capacity: 10,
  price: 350,
  priceBands: [],
  startTime: "10:00",
  homeClubOnly: false,
  minAge: 7,
  maxAge: 12,
  minGradeId: null,
  maxGradeId: null,
  sleepover: null,
  questions: [],
  items: [],
  pickUpPlace: null,
  pickUpTime: null,
  waitingListOpen: true,
};

const rule = "Avbestiller du innen midnatt 12. desember 2026, får du alt du har betalt tilbake; etter det kan det ikke avbestilles.";

function renderPage(event: EventDetail) {
  const Stub = createRoutesStub([
    {
      path: "/arrangementer/:slug",
      Component: () => (
        <EventPage
          loaderData={{
            event,
            clubs: [{ clubId: 29, name: "Ski Taekwondo Klubb" }],
            grades: [{ gradeId: 3, name: "8. cup", grade: 8, isDan: false }],
          }}
        />
      ),
    },
  ]);
  return render(<Stub initialEntries={[`/arrangementer/${event.slug}`]} />);
}

afterEach(() => {
  vi.useRealTimers();
});

describe("an event's terms before paying", () => {
  it("shows the grading's price, its cancellation rule and a link to the terms on its page", () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-26T12:00:00Z") });
    renderPage(grading);
    expect(screen.getByText(/^Pris: 350\s+kr per utøver\.$/)).toBeTruthy();
    expect(screen.getByTestId("event-refund-rule").textContent).toBe(`Avbestilling: ${rule} Les salgsbetingelsene.`);
    expect(screen.getByRole("link", { name: "Les salgsbetingelsene" }).getAttribute("href")).toBe("/salgsbetingelser");
  });

  it("puts the rule beside the consent at checkout, whose label links to the terms in a new tab", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-26T12:00:00Z") });
    renderPage(grading);
    fireEvent.change(screen.getByLabelText("Fornavn"), { target: { value: "Ola" } });
    fireEvent.change(screen.getByLabelText("Etternavn"), { target: { value: "Nordmann" } });
    fireEvent.change(screen.getByLabelText("Alder"), { target: { value: "10" } });
    fireEvent.change(screen.getByLabelText("Klubb"), { target: { value: "29" } });
    fireEvent.change(screen.getByLabelText("Grad"), { target: { value: "3" } });
    fireEvent.click(screen.getByRole("button", { name: "Neste" }));
    expect(await screen.findByText("Steg 2 av 3")).toBeTruthy();
    const consent = screen.getByLabelText(/Jeg godtar salgsbetingelsene/);
    const link = screen.getByRole("link", { name: "salgsbetingelsene (åpnes i ny fane)" });
    expect(link.getAttribute("href")).toBe("/salgsbetingelser");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(consent.closest("div")?.querySelector("label")?.contains(link)).toBe(true);
    expect(screen.getByTestId("checkout-refund-rule").textContent).toBe(`Avbestilling: ${rule}`);
  });

  it("says a free event costs nothing to cancel", () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-26T12:00:00Z") });
    renderPage({ ...grading, price: 0 });
    expect(screen.getByText("Gratis å være med.")).toBeTruthy();
    expect(screen.getByTestId("event-refund-rule").textContent).toContain("det koster heller ingenting å avbestille");
  });
});

describe("an event's card on /arrangementer", () => {
  const summary = (patch: Partial<EventSummary>): EventSummary => ({
    slug: "gradering-desember",
    kind: "gradering",
    title: "Cupgradering desember",
    firstDay: "2026-12-12",
    lastDay: "2026-12-12",
    state: "open",
    placesLeft: 10,
    url: "/arrangementer/gradering-desember",
    venue: "Ski Taekwondo Klubb",
    registrationOpensAt: "2026-11-01T07:00:00.000Z",
    registrationClosesAt: "2026-12-10T22:59:00.000Z",
    pricing: { price: 350, priceBands: [], itemPrices: [] },
    ...patch,
  });

  function renderList(events: EventSummary[]) {
    const Stub = createRoutesStub([{ id: "root", path: "/", loader: () => ({ events }), HydrateFallback: () => null, Component: EventList }]);
    return render(<Stub initialEntries={["/"]} />);
  }

  it("says the price per athlete, a course's prices by age and a sale's lowest price", async () => {
    renderList([
      summary({}),
      summary({ slug: "kurs", kind: "kurs", title: "Kurs", pricing: { price: 300, priceBands: [{ maxAge: 12, price: 200 }], itemPrices: [] } }),
      summary({ slug: "klubbtoy", kind: "salg", title: "Klubbtøy", pricing: { price: null, priceBands: [], itemPrices: [250, 150] } }),
    ]);
    expect((await screen.findByTestId("event-price-gradering-desember")).textContent).toBe("Pris: 350\u00a0kr per utøver.");
    expect(screen.getByTestId("event-price-kurs").textContent).toBe("Pris: 200–300\u00a0kr per deltaker, etter alder.");
    expect(screen.getByTestId("event-price-klubbtoy").textContent).toBe("Pris: fra 150\u00a0kr.");
  });
});
