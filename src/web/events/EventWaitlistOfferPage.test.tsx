// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import type { EventWaitlistOfferView } from "../../shared/events/event-waitlist.ts";
import { calls, mockApi } from "../test-support/mock-api.ts";
import { EventWaitlistOffer, type EventOfferProps } from "./EventWaitlistOfferPage.tsx";

const token = "tok_AbC123";
const getPath = `/api/Arrangement/Venteliste/Get/${token}`;
const acceptPath = `/api/Arrangement/Venteliste/Accept/${token}`;
const declinePath = `/api/Arrangement/Venteliste/Decline/${token}`;

const offer = (patch: Partial<EventWaitlistOfferView> = {}): EventWaitlistOfferView => ({
  slug: "gradering-desember",
  kind: "gradering",
  title: "Cupgradering desember",
  firstDay: "2026-12-12",
  lastDay: "2026-12-12",
  venue: "Ski Taekwondo Klubb",
  orderId: "GR26-4F7K2Q",
  firstName: "Kari",
  lastName: "Nordmann",
  participants: ["Per Nordmann", "Pål Nordmann"],
  total: 700,
  lines: [
    { label: "Gradering: Per Nordmann", amount: 350 },
    { label: "Gradering: Pål Nordmann", amount: 350 },
  ],
  vipps: false,
  state: "offered",
  expiresAt: "2026-11-28T12:00:00.000Z",
  ...patch,
});

function renderOffer(props: EventOfferProps = {}, search = "") {
  const Stub = createRoutesStub([
    { path: "/arrangementer/venteliste/:token", Component: () => <EventWaitlistOffer {...props} /> },
    { path: "/arrangementer/:slug", Component: () => <p>Arrangementet</p> },
  ]);
  return render(<Stub initialEntries={[`/arrangementer/venteliste/${token}${search}`]} />);
}

const h1 = (name: string | RegExp) => screen.findByRole("heading", { level: 1, name });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("an event's waiting-list offer page", () => {
  it("shows the offer (who, receipt, Oslo deadline) and «Ja takk» confirms once on a double click", async () => {
    mockApi({ [getPath]: [{ body: offer() }], [acceptPath]: [{ body: "Done", text: true }] });
    renderOffer();
    expect(screen.getByText("Henter tilbudet …")).toBeTruthy();
    await h1("Ledig plass: Cupgradering desember");
    expect(screen.getByText(/Det er blitt 2 plasser ledig på Cupgradering desember for Per Nordmann og Pål Nordmann/)).toBeTruthy();
    expect(screen.getByText("lørdag 28. november kl. 13.00")).toBeTruthy();
    expect(screen.getByRole("table").textContent).toMatch(/Totalt700\skr/);
    const yes = screen.getByRole("button", { name: "Ja takk, vi kommer" });
    fireEvent.click(yes);
    fireEvent.click(yes);
    const confirmed = await h1("Plassen er bekreftet");
    // Focus moves to the new heading once it is shown (an effect after the render that shows it).
    await waitFor(() => expect(document.activeElement).toBe(confirmed));
    expect(screen.getByText(/Du betaler 700\skr med kort eller kontant ved oppmøte/)).toBeTruthy();
    expect(calls.filter((call) => call.method === "POST")).toHaveLength(1);
  });

  it("goes to Vipps when the order chose Vipps", async () => {
    const redirect = vi.fn();
    mockApi({ [getPath]: [{ body: offer({ vipps: true }) }], [acceptPath]: [{ body: "https://pay.example/vipps?ref=GR26-4F7K2Q-1", text: true }] });
    renderOffer({ redirect });
    fireEvent.click(await screen.findByRole("button", { name: "Ja takk – betal med Vipps" }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith("https://pay.example/vipps?ref=GR26-4F7K2Q-1"));
  });

  it("the mail's «Nei takk» link opens with the question asked; declining says the place went on", async () => {
    mockApi({ [getPath]: [{ body: offer() }], [declinePath]: [{ body: offer({ state: "declined" }) }] });
    renderOffer({}, "?svar=nei");
    const ask = await screen.findByRole("group", { name: "Takke nei til plassen?" });
    expect(ask.textContent).toContain("Plassen går med en gang til nestemann på ventelisten");
    expect(calls.some((call) => call.url === declinePath)).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Ja, gi plassen videre" }));
    const declined = await h1("Du har takket nei");
    // Focus moves to the new heading once it is shown (an effect after the render that shows it).
    await waitFor(() => expect(document.activeElement).toBe(declined));
    expect(calls.filter((call) => call.url === declinePath)).toHaveLength(1);
  });

  it("says so when the answer comes too late (410), and shows an expired offer without buttons", async () => {
    mockApi({ [getPath]: [{ body: offer() }], [acceptPath]: [{ status: 410, body: { error: "Fristen for å svare er ute." } }] });
    const { unmount } = renderOffer();
    fireEvent.click(await screen.findByRole("button", { name: "Ja takk, vi kommer" }));
    await h1("Tilbudet gjelder ikke lenger");
    expect(screen.getByText(/Fristen for å svare er ute\./)).toBeTruthy();
    unmount();
    mockApi({ [getPath]: [{ body: offer({ state: "expired" }) }] });
    renderOffer();
    await h1("Tilbudet gjelder ikke lenger");
    expect(screen.queryByRole("button", { name: /Ja takk/ })).toBeNull();
  });

  it("says the offer was not found for an unknown token, and offers a retry when loading fails", async () => {
    mockApi({ [getPath]: [{ status: 404, body: { error: "Fant ikke tilbudet." } }] });
    const { unmount } = renderOffer();
    await h1("Fant ikke tilbudet");
    unmount();
    mockApi({ [getPath]: [{ status: 500, body: { error: "boom" } }, { body: offer() }] });
    renderOffer();
    fireEvent.click(await screen.findByRole("button", { name: "Prøv igjen" }));
    await h1("Ledig plass: Cupgradering desember");
  });
});
