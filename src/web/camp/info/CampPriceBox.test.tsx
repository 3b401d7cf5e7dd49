// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { campEditionFromData, standardEditionData } from "../../../shared/camp/camp-edition-data.ts";
import { campMoment } from "../../../shared/camp/camp-edition-phase.ts";
import type { CampEditionData } from "../../../shared/camp/camp-edition-schema.ts";
import { CampEditionProvider } from "../../lib/camp-edition.tsx";
import { RenderTimeContext } from "../../lib/use-now.ts";
import CampInfoPage from "./CampInfoPage.tsx";
import EventsPage from "./EventsPage.tsx";

/** A camp page as the server renders it at an instant (the root loader's moment and render time). */
async function renderAt(data: CampEditionData, instant: string, Page: () => React.ReactNode) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(instant));
  const at = new Date(instant);
  const moment = campMoment(data, at);
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => ({ laterCamps: [], events: [] }),
      HydrateFallback: () => null,
      Component: () => (
        <RenderTimeContext.Provider value={at.toISOString()}>
          <CampEditionProvider edition={campEditionFromData(data)} over={moment.phase === "past"} moment={moment}>
            <Page />
          </CampEditionProvider>
        </RenderTimeContext.Provider>
      ),
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
  return screen.findByTestId("camp-price-box");
}

const line = (key: string) => screen.getByTestId(`camp-price-${key}`).textContent;

afterEach(() => {
  vi.useRealTimers();
});

describe("the camp's prices as the family will pay them", () => {
  const camp2026 = standardEditionData(2026);

  it.each([
    ["/vinterleir", CampInfoPage],
    ["/arrangementer", EventsPage],
  ] as const)("%s says beside the prices that the home club's athletes pay nothing, and what companions and grading cost", async (_path, Page) => {
    const box = await renderAt(camp2026, "2026-10-15T10:00:00+02:00", Page);
    expect(line("child")).toBe("Utøver 12 år eller yngre1\u00a0025\u00a0kr");
    expect(line("adult")).toBe("Utøver 13 år eller eldre1\u00a0200\u00a0kr");
    expect(line("home-club")).toBe("Utøvere fra Ski Taekwondo KlubbGratis");
    expect(line("grading")).toBe("Cup-gradering (barn fra Ski Taekwondo Klubb under 13 år)+350\u00a0kr");
    expect(line("companion")).toContain(`+${camp2026.companionFee}\u00a0kr`);
    expect(box.textContent).toContain("Utøvere fra Ski Taekwondo Klubb betaler ingenting for leiren");
  });

  it("offers the early-bird price with its deadline while it can be had, and hides it from the deadline on", async () => {
    await renderAt(camp2026, "2026-10-15T10:00:00+02:00", CampInfoPage);
    expect(line("early-bird-child")).toBe("Utøver 12 år eller yngre, påmeldt før 1. november 2026 (−10\u00a0%)923\u00a0kr");
    expect(line("early-bird-adult")).toBe("Utøver 13 år eller eldre, påmeldt før 1. november 2026 (−10\u00a0%)1\u00a0080\u00a0kr");
    for (const key of ["early-bird-child", "early-bird-adult"])
      expect(screen.getByTestId(`camp-price-${key}`).getAttribute("data-show-before")).toBe(
        campEditionFromData(camp2026).earlyBirdEndsAt.toISOString(),
      );
  });

  it("leaves the early-bird price out after its deadline, and follows the edition's own figures", async () => {
    const data = { ...camp2026, companionFee: 612, gradingFee: 275 };
    await renderAt(data, "2026-11-20T10:00:00+01:00", CampInfoPage);
    expect(screen.queryByTestId("camp-price-early-bird-child")).toBeNull();
    expect(line("companion")).toContain("+612\u00a0kr");
    expect(line("grading")).toContain("+275\u00a0kr");
  });
});
