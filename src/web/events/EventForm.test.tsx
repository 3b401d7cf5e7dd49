// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import type { EventDetail } from "../../shared/events/event-api.ts";
import { SEED_CLUBS } from "../../shared/camp/seed-clubs.ts";
import { SEED_GRADES } from "../../shared/camp/seed-grades.ts";
import { mockApi } from "../test-support/mock-api.ts";
import { EventForm } from "./EventForm.tsx";

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
  minAge: null,
  maxAge: null,
  minGradeId: null,
  maxGradeId: null,
  sleepover: null,
  questions: [],
  items: [],
  pickUpPlace: null,
  pickUpTime: null,
  waitingListOpen: true,
};

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** Fills the form for one participant and a contact person, pays at the door and waits for the answer. */
async function register(participant: { firstName: string; lastName: string; age: number }, contact: { firstName: string; lastName: string }) {
  vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-26T12:00:00Z") });
  mockApi({ "/api/Arrangement/Post/": [{ body: "Done", text: true }] });
  const Stub = createRoutesStub([
    { path: "/arrangementer/:slug", Component: () => <EventForm event={grading} clubs={[...SEED_CLUBS]} grades={[...SEED_GRADES]} /> },
  ]);
  render(<Stub initialEntries={["/arrangementer/gradering-desember"]} />);
  await screen.findByRole("heading", { level: 2, name: "Hvem skal være med?" });
  type("Fornavn", participant.firstName);
  type("Etternavn", participant.lastName);
  type("Alder", String(participant.age));
  fireEvent.change(screen.getByLabelText("Klubb"), { target: { value: String(SEED_CLUBS[0]!.clubId) } });
  fireEvent.change(screen.getByLabelText("Grad"), { target: { value: String(SEED_GRADES[3]!.gradeId) } });
  fireEvent.click(screen.getByRole("button", { name: "Neste" }));
  await screen.findByRole("heading", { level: 2, name: "Kontaktopplysninger" });
  type("Fornavn", contact.firstName);
  type("Etternavn", contact.lastName);
  type("E-post", "per.berg@example.no");
  type("Telefon", "91234567");
  fireEvent.click(screen.getByLabelText(/samtykker/));
  fireEvent.click(screen.getByLabelText(/salgsbetingelsene/));
  fireEvent.click(screen.getByRole("button", { name: "Neste" }));
  fireEvent.click(await screen.findByLabelText(/Betal ved oppmøte/));
  fireEvent.click(screen.getByRole("button", { name: "Fullfør" }));
}

describe("an event form's thanks", () => {
  it("thanks the parent who registered a child, and names the child", async () => {
    await register({ firstName: "Emma", lastName: "Berg", age: 10 }, { firstName: "Per", lastName: "Berg" });
    const done = await screen.findByRole("heading", { level: 2, name: "Takk, Per! Emma er påmeldt graderingen «Cupgradering desember» 2026." });
    // The heading is focused by an effect after the render that showed it: a moment after it is found.
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(screen.queryByText(/Takk, Emma/)).toBeNull();
  });

  it("speaks to an adult who registers themselves", async () => {
    await register({ firstName: "Kari", lastName: "Nordmann", age: 34 }, { firstName: "Kari", lastName: "Nordmann" });
    expect(
      await screen.findByRole("heading", { level: 2, name: "Takk, Kari! Du er påmeldt graderingen «Cupgradering desember» 2026." }),
    ).toBeTruthy();
  });
});
