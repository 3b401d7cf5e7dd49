// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { comingSeasonYear } from "../../../shared/camp/camp-edition-data.ts";
import { campEditionForYear } from "../../../shared/camp/camp-edition.ts";
import { testNow } from "../../../shared/test-clock.fixture.ts";

import ParticipantsPage from "./ParticipantsPage.tsx";

/** Without a provider the pages use the coming season's year (the tests' clock starts at TEST_NOW, test-setup.ts). */
const campEdition = campEditionForYear(comingSeasonYear(testNow()));

const participants = [
  { name: "Ola Nordmann", grade: "8. Cup (Gult)", club: "Ski Taekwondo Klubb" },
  { name: "Kari Hansen", grade: "2. Dan", club: "Oslo Taekwondo Klubb" },
  { name: "Anonym", grade: "", club: "Bergen Taekwondo" },
];

const grades = [
  { grade: { gradeId: 4, name: "Gult", grade: 8, isDan: false }, amount: 3 },
  { grade: { gradeId: 5, name: "Gult med grønn stripe", grade: 7.1, isDan: false }, amount: 0 },
  { grade: { gradeId: 16, name: "2. dan", grade: 2, isDan: true }, amount: 2 },
];

type Answer = { status?: number; body: unknown } | "network";

function mockApi(answers: Record<string, Answer[]>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const key = Object.keys(answers).find((path) => url.endsWith(path));
    const answer = key ? answers[key]!.shift() : undefined;
    if (!answer) throw new Error(`unexpected fetch ${url}`);
    if (answer === "network") throw new TypeError("Failed to fetch");
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("ParticipantsPage", () => {
  it("loads the list, then filters by name and club without regard to case", async () => {
    mockApi({ "/api/VinterleirUsers/Get": [{ body: participants }] });
    render(<ParticipantsPage />);
    expect(screen.getByRole("heading", { level: 1, name: `Deltakere på vinterleiren ${campEdition.year}` })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("Laster...");

    expect(await screen.findByText("Viser 3 av 3 deltakere")).toBeTruthy();
    expect(screen.getAllByRole("row")).toHaveLength(4);
    expect(screen.getByText(/Bare deltakere som har sagt ja/)).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Søk på navn"), { target: { value: "KARI" } });
    expect(screen.getByText("Viser 1 av 3 deltakere")).toBeTruthy();
    expect(screen.getByRole("rowheader", { name: "Kari Hansen" })).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Søk på navn"), { target: { value: "" } });
    fireEvent.change(screen.getByLabelText("Søk på klubb"), { target: { value: "ski taek" } });
    expect(screen.getByText("Viser 1 av 3 deltakere")).toBeTruthy();
    expect(screen.getByRole("rowheader", { name: "Ola Nordmann" })).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Søk på klubb"), { target: { value: "Trondheim" } });
    expect(screen.getByText("Viser 0 av 3 deltakere")).toBeTruthy();
    expect(screen.getByText("Ingen deltakere funnet.")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("says so when nobody is registered", async () => {
    mockApi({ "/api/VinterleirUsers/Get": [{ body: [] }] });
    render(<ParticipantsPage />);
    expect(await screen.findByText("Ingen deltakere funnet.")).toBeTruthy();
  });

  it("shows an error with a retry when the list does not load", async () => {
    mockApi({ "/api/VinterleirUsers/Get": [{ status: 500, body: { error: "boom" } }, { body: participants }] });
    render(<ParticipantsPage />);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Klarte ikke laste data.");
    fireEvent.click(within(alert).getByRole("button", { name: "Prøv igjen" }));
    expect(await screen.findByText("Viser 3 av 3 deltakere")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("moves between the tabs with the arrow keys, Home and End", async () => {
    const fetchMock = mockApi({
      "/api/VinterleirUsers/Get": [{ body: participants }],
      "/api/VinterleirUsers/GetGrades": [{ body: grades }],
    });
    render(<ParticipantsPage />);
    const search = screen.getByRole("tab", { name: "Søk" });
    const belts = screen.getByRole("tab", { name: "Beltegrader" });
    expect(screen.getByRole("tablist", { name: "Deltakere" })).toBeTruthy();
    expect(search.getAttribute("aria-selected")).toBe("true");
    expect(search.tabIndex).toBe(0);
    expect(belts.tabIndex).toBe(-1);
    await screen.findByText("Viser 3 av 3 deltakere");

    search.focus();
    fireEvent.keyDown(search, { key: "ArrowRight" });
    expect(belts.getAttribute("aria-selected")).toBe("true");
    expect(document.activeElement).toBe(belts);
    expect(await screen.findByRole("heading", { name: "Cup (3)" })).toBeTruthy();

    fireEvent.keyDown(belts, { key: "ArrowRight" });
    expect(search.getAttribute("aria-selected")).toBe("true");
    expect(document.activeElement).toBe(search);
    fireEvent.keyDown(search, { key: "End" });
    expect(document.activeElement).toBe(belts);
    fireEvent.keyDown(belts, { key: "Home" });
    expect(document.activeElement).toBe(search);
    fireEvent.keyDown(search, { key: "ArrowLeft" });
    expect(document.activeElement).toBe(belts);

    // The search panel keeps its data while hidden: no second fetch of the list.
    fireEvent.click(search);
    expect(screen.getByText("Viser 3 av 3 deltakere")).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("shows the number of each grade as text, cup and dan apart", async () => {
    mockApi({ "/api/VinterleirUsers/Get": [{ body: participants }], "/api/VinterleirUsers/GetGrades": [{ body: grades }] });
    render(<ParticipantsPage />);
    fireEvent.click(screen.getByRole("tab", { name: "Beltegrader" }));
    const cup = await screen.findByRole("region", { name: "Cup (3)" });
    const dan = screen.getByRole("region", { name: "Dan (2)" });
    const cupItems = within(cup)
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(cupItems).toEqual(["8. Cup (Gult)3 deltakere", "7.1. Cup (Gult med grønn stripe)0 deltakere"]);
    expect(within(dan).getByRole("listitem").textContent).toBe("2. Dan2 deltakere");
    expect(screen.getByText(/Til sammen 5 deltakere/)).toBeTruthy();
  });

  it("shows the grade error", async () => {
    mockApi({ "/api/VinterleirUsers/Get": [{ body: participants }], "/api/VinterleirUsers/GetGrades": ["network"] });
    render(<ParticipantsPage />);
    fireEvent.click(screen.getByRole("tab", { name: "Beltegrader" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Feil: Klarte ikke hente grader.");
  });
});
