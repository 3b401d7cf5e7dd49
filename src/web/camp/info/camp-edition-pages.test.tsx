// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { campEditionFromData, copyEditionData, standardEditionData } from "../../../shared/camp/camp-edition-data.ts";
import { campMoment } from "../../../shared/camp/camp-edition-phase.ts";
import type { CampEditionData } from "../../../shared/camp/camp-edition-schema.ts";
import type { LaterCamp } from "../../../shared/site/render-context.ts";
import { CampEditionProvider } from "../../lib/camp-edition.tsx";
import CampPricesPage from "./CampPricesPage.tsx";
import CampSchedulePage from "./CampSchedulePage.tsx";
import CampInfoPage from "./CampInfoPage.tsx";
import CampProgramPrintPage from "./CampProgramPrintPage.tsx";
import CampSection from "./CampSection.tsx";
import EventsPage from "./EventsPage.tsx";
import HomePage from "../../info/home/HomePage.tsx";
import { RenderTimeContext } from "../../lib/use-now.ts";
import type { EventSummary } from "../../../shared/events/event-api.ts";

function renderWith(edition: ReturnType<typeof campEditionFromData>, Page: () => React.ReactNode, over = false) {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <CampEditionProvider edition={edition} over={over}>
          <Page />
        </CampEditionProvider>
      ),
    },
  ]);
  return render(<Stub initialEntries={["/"]} />);
}

describe("camp pages follow the edition they are given", () => {
  it("shows the given edition's prices", () => {
    const data = standardEditionData(2027);
    renderWith(campEditionFromData({ ...data, companionFee: 612, prices: { ...data.prices, adult: 1337 } }), CampPricesPage);
    expect(screen.getAllByText(/1\s337/).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/612/).length).toBeGreaterThan(0);
  });

  it("shows the given edition's own program with weekdays from its dates", () => {
    const data = { ...standardEditionData(2027), firstDay: "2027-11-26", lastDay: "2027-11-28", registrationClosesAt: "2027-11-28T23:00:00.000Z" };
    data.program = [[{ from: "17:00", what: "Velkomstkaffe", audience: "alle" as const }], [], []];
    renderWith(campEditionFromData(data), CampSchedulePage);
    expect(screen.getByText("Velkomstkaffe")).toBeTruthy();
    expect(screen.getAllByText(/Fredag 26\. november/).length).toBeGreaterThan(0);
  });
});

describe("once the camp is over", () => {
  const edition = campEditionFromData(standardEditionData(2027));
  const pages = { CampInfoPage, CampPricesPage, CampSchedulePage, CampProgramPrintPage, EventsPage };

  afterEach(() => {
    vi.useRealTimers();
  });

  it.each(Object.entries(pages))(
    "%s speaks of the camp in the past and says the next camp is not announced, without prices or the registration button",
    (_name, Page) => {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(new Date("2027-12-05T10:00:00+01:00"));
      const { container } = renderWith(edition, Page, true);
      expect(screen.getByText("Neste vinterleir er ikke kunngjort ennå.")).toBeTruthy();
      expect(screen.getByTestId("camp-past").textContent).toBe(
        "Vinterleiren 2027 var 28.–30. november på Follo Stil Arena. Takk til alle som var med!",
      );
      expect(container.textContent).not.toMatch(/\d kr/);
      expect(screen.queryByRole("link", { name: "Meld deg på" })).toBeNull();
    },
  );

  it("leaves the old year out of the camp section's heading and the home page's camp button", () => {
    const { container } = renderWith(edition, CampSection, true);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Vinterleir");
    container.remove();
    renderWith(edition, HomePage, true);
    expect(screen.queryByText(/Vinterleir 2027/)).toBeNull();
    expect(screen.getByRole("link", { name: "Arrangementer" })).toBeTruthy();
  });

  it("shows the camp as before while it is not over", () => {
    renderWith(edition, EventsPage);
    expect(screen.getByRole("heading", { name: "Vinterleir 2027" })).toBeTruthy();
    expect(screen.getAllByRole("link", { name: "Meld deg på" }).length).toBe(1);
  });
});

/**
 * The pages as the server renders them at an instant of the 2026 season: the moment judged as the root loader
 * judges it, the render time, and the later camps (2027) and events the root loader hands them.
 */
async function renderAt(
  data: CampEditionData,
  instant: string,
  Page: () => React.ReactNode,
  { later = [] as LaterCamp[], events = [] as EventSummary[] } = {},
) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(instant));
  const at = new Date(instant);
  const moment = campMoment(data, at);
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => ({ laterCamps: later, events }),
      HydrateFallback: () => null,
      Component: () => (
        <RenderTimeContext.Provider value={at.toISOString()}>
          <CampEditionProvider edition={campEditionFromData(data)} over={moment.phase === "past"} moment={moment}>
            <div data-testid="page">
              <Page />
            </div>
          </CampEditionProvider>
        </RenderTimeContext.Provider>
      ),
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
  return (await screen.findByTestId("page")).textContent ?? "";
}

describe("the camp pages through the 2026 season", () => {
  const camp2026 = standardEditionData(2026);
  const camp2027 = copyEditionData(camp2026, 2027);
  const later2027: LaterCamp = { ...camp2027 };
  const summary2027: EventSummary = {
    slug: "vinterleir-2027",
    kind: "vinterleir",
    title: "Vinterleir 2027",
    firstDay: camp2027.firstDay,
    lastDay: camp2027.lastDay,
    state: "notyet",
    placesLeft: null,
    url: "/vinterleir",
    venue: camp2027.venue,
    registrationOpensAt: camp2027.registrationOpensAt,
    registrationClosesAt: camp2027.registrationClosesAt,
  };

  afterEach(() => {
    vi.useRealTimers();
  });

  it("before the early-bird deadline: the camp to come, the early-bird offer and «Meld deg på»", async () => {
    const text = await renderAt(camp2026, "2026-10-15T10:00:00+02:00", CampInfoPage);
    expect(text).toContain("Vinterleiren 2026 er 28.–30. november på Follo Stil Arena.");
    expect(text).not.toContain("pågår");
    expect(screen.getByRole("link", { name: "Meld deg på" }).getAttribute("href")).toBe("/vinterleir/registrering");
    expect(text).toContain("fram til leiren starter 28. november 2026");
  });

  it("after the early-bird deadline: no early-bird offer on the prices", async () => {
    const text = await renderAt(camp2026, "2026-11-10T10:00:00+01:00", CampPricesPage);
    expect(screen.queryByTestId("early-bird-prices")).toBeNull();
    expect(text).not.toContain("Tidlig påmelding");
    expect(text).toContain("innen midnatt 21. november 2026");
  });

  it("after the full-refund deadline: the refund told as passed", async () => {
    const text = await renderAt(camp2026, "2026-11-24T10:00:00+01:00", CampPricesPage);
    expect(text).toContain("Fristen for å få alt tilbake gikk ut ved midnatt 21. november 2026. Avbestiller du nå, får du tilbake halvparten");
    expect(text).not.toContain("innen midnatt");
    expect(screen.getByRole("link", { name: "Meld deg på" })).toBeTruthy();
  });

  it.each([
    ["CampInfoPage", CampInfoPage],
    ["CampSchedulePage", CampSchedulePage],
    ["CampPricesPage", CampPricesPage],
    ["EventsPage", EventsPage],
  ] as const)("while the camp is under way, %s says it «pågår» and that registration closed when it started", async (_name, Page) => {
    const text = await renderAt(camp2026, "2026-11-29T10:00:00+01:00", Page);
    expect(screen.getByTestId("camp-running").textContent).toBe(
      "Vinterleiren 2026 pågår nå: 28.–30. november på Follo Stil Arena. Påmeldingen stengte da leiren startet.",
    );
    expect(screen.queryByRole("link", { name: "Meld deg på" })).toBeNull();
    expect(text).not.toContain("I år er leiren");
    expect(text).not.toContain("fram til leiren starter");
    expect(text).not.toContain("innen midnatt");
  });

  it("while the camp is under way with late registration allowed, offers it, paid at the door", async () => {
    const text = await renderAt({ ...camp2026, registrationDuringCamp: true }, "2026-11-29T10:00:00+01:00", CampInfoPage);
    expect(screen.getByTestId("camp-running").textContent).toContain(
      "Påmeldingen er åpen mens leiren pågår. Melder du deg på nå, betaler du med kort eller kontant når du kommer til leiren – ikke med Vipps.",
    );
    expect(screen.getByRole("link", { name: "Meld deg på" }).getAttribute("href")).toBe("/vinterleir/registrering");
    expect(text).toContain("Leiren har startet, så du kan ikke lenger avbestille");
  });

  it("while the camp is under way, links straight to next year's registration once it has opened", async () => {
    await renderAt(camp2026, "2026-11-30T10:00:00+01:00", CampInfoPage, { later: [later2027] });
    expect(screen.getByTestId("later-camp-2027").textContent).toContain(
      "Vinterleiren 2027 er kunngjort: 27.–29. november 2027. Påmeldingen er åpen.",
    );
    expect(screen.getByRole("link", { name: "Meld deg på vinterleiren 2027" }).getAttribute("href")).toBe("/vinterleir/registrering?year=2027");
  });

  it("before next year's registration opens, says when with its year, and links to its registration page (which says the same)", async () => {
    await renderAt(camp2026, "2026-11-20T10:00:00+01:00", CampInfoPage, { later: [later2027] });
    expect(screen.getByTestId("later-camp-2027").textContent).toContain("Påmeldingen åpner mandag 30. november 2026 kl. 00.00.");
    expect(screen.queryByRole("link", { name: "Meld deg på vinterleiren 2027" })).toBeNull();
    expect(screen.getByRole("link", { name: "Påmeldingen til vinterleiren 2027" }).getAttribute("href")).toBe("/vinterleir/registrering?year=2027");
    // This year's camp is still open for registration.
    expect(screen.getByRole("link", { name: "Meld deg på" })).toBeTruthy();
  });

  it("on /arrangementer, next year's camp has a camp section of its own, not a place among gradings, courses and gear", async () => {
    await renderAt(camp2026, "2026-11-20T10:00:00+01:00", EventsPage, { later: [later2027], events: [summary2027] });
    const section = screen.getByTestId("camp-section-2027");
    expect(section.querySelector("h2")?.textContent).toBe("Vinterleir 2027");
    expect(section.textContent).toContain("27.–29. november 2027 på Follo Stil Arena.");
    expect(section.textContent).toContain("Påmeldingen åpner mandag 30. november 2026 kl. 00.00.");
    expect(screen.queryByRole("heading", { name: "Graderinger, kurs og klubbtøy" })).toBeNull();
  });

  it("after the camp: spoken of in the past, next camp not announced", async () => {
    const text = await renderAt(camp2026, "2026-12-05T10:00:00+01:00", CampInfoPage);
    expect(screen.getByTestId("camp-past").textContent).toContain("Vinterleiren 2026 var 28.–30. november på Follo Stil Arena.");
    expect(text).toContain("Neste vinterleir er ikke kunngjort ennå.");
    expect(screen.queryByRole("link", { name: "Meld deg på" })).toBeNull();
  });
});
