// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { campEditionForYear } from "../../../shared/camp/camp-edition.ts";
import { eventRefundRuleInGeneral } from "../../../shared/events/event-terms.ts";
import { findSitePage, termsPath } from "../../../shared/site/site-pages.ts";
import { CampEditionProvider } from "../../lib/camp-edition.tsx";
import TermsPage from "./TermsPage.tsx";

function renderPage(withCamp: boolean) {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <CampEditionProvider edition={withCamp ? campEditionForYear(2026) : undefined} over={false}>
          <TermsPage />
        </CampEditionProvider>
      ),
    },
  ]);
  return render(<Stub initialEntries={["/"]} />);
}

describe("the terms of sale", () => {
  it("is a static page of the site at the address the events link to", () => {
    expect(termsPath).toBe("/salgsbetingelser");
    expect(findSitePage(termsPath)).toMatchObject({ title: "Salgsbetingelser", static: true });
  });

  it("states the events' cancellation rule, links to the privacy statement and to the camp's own terms", () => {
    const { container } = renderPage(true);
    expect(screen.getByRole("heading", { level: 1, name: "Salgsbetingelser" })).toBeTruthy();
    expect(container.textContent).toContain(eventRefundRuleInGeneral);
    expect(container.textContent).toContain("det er ikke noe avbestillingsgebyr");
    expect(screen.getByRole("link", { name: "personvernerklæringen" }).getAttribute("href")).toBe("/personvern");
    expect(screen.getByRole("link", { name: /Salgsbetingelser for vinterleiren/ }).getAttribute("href")).toBe("/dokumenter/salgsbetingelser.pdf");
  });

  it("still reads without an announced camp", () => {
    const { container } = renderPage(false);
    expect(container.textContent).toContain("Vinterleiren har egne salgsbetingelser.");
    expect(screen.queryByRole("link", { name: /Salgsbetingelser for vinterleiren/ })).toBeNull();
  });
});
