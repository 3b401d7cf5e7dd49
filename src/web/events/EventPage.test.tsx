// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import type { EventDetail } from "../../shared/events/event-api.ts";
import { calls, mockApi } from "../test-support/mock-api.ts";
import EventPage from "./EventPage.tsx";

const grading = (placesLeft: number): EventDetail => ({
  slug: "gradering-desember",
  kind: "gradering",
  title: "Cupgradering desember",
  firstDay: "2026-12-12",
  lastDay: "2026-12-12",
  state: "open",
  placesLeft,
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
});

/** The page as served: the route loader's data in the HTML (here as the component's loaderData). */
function renderPage(placesLeft: number) {
  const Stub = createRoutesStub([
    {
      path: "/arrangementer/:slug",
      Component: () => <EventPage loaderData={{ event: grading(placesLeft), clubs: [], grades: [] }} />,
    },
  ]);
  return render(<Stub initialEntries={["/arrangementer/gradering-desember"]} />);
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the places left on an event's page", () => {
  it("are the served count, and the server's count again when the browser shows the page from its back-forward cache", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-26T12:00:00Z") });
    mockApi({ "/api/Arrangement/Get/gradering-desember": [{ body: grading(8) }] });
    renderPage(10);
    expect(screen.getByText("Påmeldingen er åpen – 10 plasser igjen.")).toBeTruthy();
    expect(calls).toEqual([]);
    // Shown again after two places were booked meanwhile (the back button): read again, not the figure from before.
    act(() => {
      window.dispatchEvent(Object.assign(new Event("pageshow"), { persisted: true }));
    });
    await waitFor(() => expect(screen.getByText("Påmeldingen er åpen – 8 plasser igjen.")).toBeTruthy());
    expect(calls.map((call) => call.url)).toEqual(["/api/Arrangement/Get/gradering-desember"]);
  });

  it("a page shown the ordinary way reads nothing more than it was served with", () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-26T12:00:00Z") });
    mockApi({});
    renderPage(10);
    act(() => {
      window.dispatchEvent(Object.assign(new Event("pageshow"), { persisted: false }));
    });
    expect(screen.getByText("Påmeldingen er åpen – 10 plasser igjen.")).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
