// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { campEditionFromData, standardEditionData } from "../../../shared/camp/camp-edition-data.ts";
import { CampEditionProvider } from "../../lib/camp-edition.tsx";
import CampPricesPage from "./CampPricesPage.tsx";
import CampSchedulePage from "./CampSchedulePage.tsx";
import CampInfoPage from "./CampInfoPage.tsx";
import CampProgramPrintPage from "./CampProgramPrintPage.tsx";
import CampSection from "./CampSection.tsx";
import EventsPage from "./EventsPage.tsx";
import HomePage from "../../info/home/HomePage.tsx";

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

  it.each(Object.entries(pages))("%s says the next camp is not announced, without dates, prices or the registration button", (_name, Page) => {
    const { container } = renderWith(edition, Page, true);
    expect(screen.getByText("Neste vinterleir er ikke kunngjort ennå.")).toBeTruthy();
    expect(container.textContent).not.toContain("2027");
    expect(container.textContent).not.toMatch(/\d kr/);
    expect(screen.queryByRole("link", { name: "Meld deg på" })).toBeNull();
  });

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
