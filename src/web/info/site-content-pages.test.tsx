// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { ReactNode } from "react";
import { seedSiteContent } from "../../shared/site/site-content-seed.ts";
import { defaultPrivacyFacts } from "../../shared/site/privacy-facts.ts";
import { siteCookies } from "../../shared/site/site-cookies.ts";
import type { SiteContent } from "../../shared/site/site-content.ts";
import { SiteContentProvider } from "../lib/site-content.tsx";
import TrainingTimesPage from "./home/TrainingTimesPage.tsx";
import HomePage from "./home/HomePage.tsx";
import SponsorsPage from "./sponsors/SponsorsPage.tsx";
import PrivacyPage from "./privacy/PrivacyPage.tsx";

function renderWith(content: SiteContent, page: ReactNode, privacy = defaultPrivacyFacts) {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <SiteContentProvider content={content} privacy={privacy}>
          {page}
        </SiteContentProvider>
      ),
    },
  ]);
  return render(<Stub initialEntries={["/"]} />);
}

describe("the information pages show the site's facts as given", () => {
  it("lists the training sessions of the facts, and markup in them as text", () => {
    const group = '<img src=x onerror="alert(1)"> Familie';
    const { container } = renderWith(
      { ...seedSiteContent, treningstider: { sessions: [{ group, days: "Søndag", time: "11:00–12:00", section: "barn" }] } },
      <TrainingTimesPage />,
    );
    expect(screen.getByRole("rowheader", { name: group })).toBeTruthy();
    expect(container.querySelector("img")).toBeNull();
    expect(screen.queryByText("Barn, nybegynnere")).toBeNull();
  });

  it("shows the home page's notice and the newest news", () => {
    renderWith(
      {
        ...seedSiteContent,
        forside: { notice: { text: "Ingen trening i høstferien.", until: "2099-10-10" } },
        nyheter: {
          posts: [{ id: "a", title: "Gradering i juni", date: "2026-06-01", text: "Første avsnitt.\n\nAndre avsnitt.", image: null, imageAlt: "" }],
        },
      },
      <HomePage />,
    );
    expect(screen.getByRole("note").textContent).toBe("Ingen trening i høstferien.");
    expect(screen.getByRole("heading", { name: "Gradering i juni" })).toBeTruthy();
    expect(screen.getByText("Andre avsnitt.")).toBeTruthy();
  });

  it("gives a sponsor's logo its stored width and height", () => {
    const { container } = renderWith(
      {
        ...seedSiteContent,
        samarbeidspartnere: {
          sponsors: [{ name: "Firma", url: "https://firma.no", trade: "", logo: { id: "0123456789abcdef0123456789abcdef", width: 480, height: 96 } }],
        },
      },
      <SponsorsPage />,
    );
    const logo = container.querySelector("img")!;
    expect(logo.getAttribute("src")).toBe("/bilder/nettsted/0123456789abcdef0123456789abcdef.webp");
    expect([logo.getAttribute("width"), logo.getAttribute("height")]).toEqual(["480", "96"]);
  });
});

describe("/personvern", () => {
  it("states the configured retention periods, the processors and every cookie the code sets", () => {
    const privacy = {
      retention: { ...defaultPrivacyFacts.retention, campAnonymiseAfterDays: 45, mailRetentionDays: 14 },
      processors: [{ name: "Eksempel Drift AS", task: "driver serveren", where: "Norge" }],
    };
    const { container } = renderWith(seedSiteContent, <PrivacyPage />, privacy);
    const text = container.textContent ?? "";
    expect(text).toContain("anonyme 45 dager etter leirens");
    // Every kind of event the club runs has its own part and the same delay.
    for (const kind of ["Graderinger og kurs", "Bestilling av klubbtøy", "Innsjekking ved døra", "Betalinger"]) expect(text).toContain(kind);
    expect(text).toContain("bestillinger av klubbtøy gjøres anonyme 45 dager etter arrangementets siste dag");
    expect(text).toContain("slettes 14 dager etter");
    // A family with only a grading, a course or a gear order has the same rights as the camp's.
    expect(text).toContain("Det gjelder også om du bare har meldt på til en gradering eller et kurs eller bestilt klubbtøy.");
    expect(text).toContain("Eksempel Drift AS");
    for (const cookie of Object.values(siteCookies)) expect(text).toContain(cookie.name);
    expect(text).toContain("Datatilsynet");
  });
});
