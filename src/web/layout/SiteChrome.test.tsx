// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub, Outlet } from "react-router";
import { SiteChrome } from "./SiteChrome.tsx";

function renderAt(path: string) {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <SiteChrome>
          <Outlet />
        </SiteChrome>
      ),
      children: [
        { index: true, Component: () => <p>Forsiden</p> },
        { path: "menu", Component: () => <p>Menyen</p> },
        { path: "om/oss", Component: () => <p>Om oss-siden</p> },
        { path: "vinterleir/print/program", Component: () => <p>Utskrift</p> },
      ],
    },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

describe("SiteChrome", () => {
  it("shows the nine menu items and highlights the active section", () => {
    renderAt("/om/oss");
    const nav = screen.getByRole("navigation", { name: "Hovedmeny" });
    const links = nav.querySelectorAll("a");
    expect(links).toHaveLength(9);
    const active = screen.getByRole("link", { name: "Om oss", current: "page" });
    expect(active.className).toContain("active");
    expect(screen.getByRole("link", { name: "Barnepartiet" }).getAttribute("aria-current")).toBeNull();
  });

  it("toggles between the menu and the previous page with the hamburger", async () => {
    renderAt("/om/oss");
    fireEvent.click(screen.getByRole("link", { name: "Åpne menyen" }));
    expect(await screen.findByText("Menyen")).toBeTruthy();
    const close = screen.getByRole("link", { name: "Lukk menyen" });
    expect(close.getAttribute("aria-expanded")).toBe("true");
    fireEvent.click(close);
    expect(await screen.findByText("Om oss-siden")).toBeTruthy();
  });

  it("goes home when the menu was opened directly", async () => {
    renderAt("/menu");
    fireEvent.click(screen.getByRole("link", { name: "Lukk menyen" }));
    expect(await screen.findByText("Forsiden")).toBeTruthy();
  });

  it("hides the bar on print pages", () => {
    renderAt("/vinterleir/print/program");
    expect(screen.getByText("Utskrift")).toBeTruthy();
    expect(screen.queryByRole("navigation", { name: "Hovedmeny" })).toBeNull();
    expect(screen.queryByRole("link", { name: /menyen/ })).toBeNull();
  });
});
