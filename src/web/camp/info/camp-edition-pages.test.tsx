// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { campEditionFromData, standardEditionData } from "../../../shared/camp/camp-edition-data.ts";
import { CampEditionProvider } from "../../lib/camp-edition.tsx";
import CampPricesPage from "./CampPricesPage.tsx";
import CampSchedulePage from "./CampSchedulePage.tsx";

function renderWith(edition: ReturnType<typeof campEditionFromData>, Page: () => React.ReactNode) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <CampEditionProvider edition={edition}><Page /></CampEditionProvider> }]);
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
