// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import type { MyEventOrder } from "../../shared/events/event-my-order.ts";
import { calls, mockApi } from "../test-support/mock-api.ts";
import FamilyPage from "../family/FamilyPage.tsx";

const token = "A".repeat(43);
const getPath = `/api/MinPamelding/Get/${token}`;
const cancelPath = `/api/Arrangement/Cancel/${token}`;

const person = (position: number, name: string, patch: Partial<MyEventOrder["participants"][number]> = {}) => ({
  position,
  name,
  age: 10,
  club: "Ski Taekwondo Klubb",
  grade: "8. cup",
  answers: [],
  amount: 350,
  refundIfCancelled: 0,
  cancelled: false,
  ...patch,
});

/** «Min side» behind an event order's own link: just that order. */
const season = (one: MyEventOrder) => ({ events: [one], link: { scope: "order" } });

const order = (patch: Partial<MyEventOrder> = {}): MyEventOrder => ({
  orderId: "GR26-4F7K2Q",
  status: "confirmed",
  method: "card_cash",
  event: {
    slug: "gradering-desember",
    kind: "gradering",
    title: "Cupgradering desember",
    firstDay: "2026-12-12",
    lastDay: "2026-12-12",
    venue: "Ski Taekwondo Klubb",
    startTime: "10:00",
    pickUp: "",
    ended: false,
  },
  contact: { firstName: "Kari", lastName: "Nordmann", email: "kari@example.no", telephone: "91234567" },
  participants: [person(0, "Ola Nordmann"), person(1, "Per Nordmann")],
  items: [],
  money: { charged: 700, paid: 0, outstanding: 700, refunded: 0, refundOwed: 0, kept: 0 },
  refundIfCancelled: 0,
  cancellable: true,
  ...patch,
});

function renderPage() {
  const Stub = createRoutesStub([
    { path: "/min-side/:token", Component: FamilyPage },
    { path: "/arrangementer/:slug", Component: () => <p>Arrangementet</p> },
  ]);
  return render(<Stub initialEntries={[`/min-side/${token}`]} />);
}

const h1 = (name: string | RegExp) => screen.findByRole("heading", { level: 1, name });
/** The order's own part of the page. */
const h2 = (name: string | RegExp) => screen.findByRole("heading", { level: 2, name });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("an event order's part of «Min side»", () => {
  it("shows the order, asks before cancelling one utøver, and reads out the result where the keyboard lands", async () => {
    const after = order({
      participants: [person(0, "Ola Nordmann"), person(1, "Per Nordmann", { amount: 0, cancelled: true })],
      money: { charged: 350, paid: 0, outstanding: 350, refunded: 0, refundOwed: 0, kept: 0 },
    });
    mockApi({ [getPath]: [{ body: season(order()) }], [cancelPath]: [{ body: { ...after, changed: true, refund: 0 } }] }, { withInit: true });
    renderPage();
    expect(screen.getByText("Henter påmeldingene …")).toBeTruthy();
    await h2("Min påmelding – Cupgradering desember");
    expect(screen.getByText("GR26-4F7K2Q")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 3, name: "Utøvere" })).toBeTruthy();
    expect(screen.getByText(/lørdag 12\. desember 2026, kl\. 10\.00/)).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Avbestill Per Nordmann" }));
    const question = screen.getByRole("group", { name: "Bekreft avbestilling av Per Nordmann" });
    expect(question.textContent).toContain("det koster ingenting å avbestille");
    // The safe choice has the keyboard.
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Nei, behold" }));
    fireEvent.click(screen.getByRole("button", { name: "Ja, avbestill" }));

    const notice = await screen.findByText("Per Nordmann er avbestilt. Du får en e-post om det.");
    await waitFor(() => expect(document.activeElement).toBe(notice));
    expect(notice.getAttribute("role")).toBe("status");
    const post = calls.find((call) => call.method === "POST");
    expect(post?.url).toBe(`${cancelPath}?orderId=GR26-4F7K2Q`);
    expect(JSON.parse(String(post?.init?.body))).toEqual({ position: 1 });
    expect(screen.queryByRole("button", { name: "Avbestill Per Nordmann" })).toBeNull();
    // One utøver left: only the whole registration can go.
    expect(screen.queryByRole("button", { name: "Avbestill Ola Nordmann" })).toBeNull();
    expect(screen.getByRole("button", { name: "Avbestill hele påmeldingen" })).toBeTruthy();
  });

  it("shows the server's refusal in the confirmation, and keeps the order as it was", async () => {
    mockApi({
      [getPath]: [{ body: season(order()) }],
      [cancelPath]: [{ status: 409, body: { error: "Arrangementet er over, så det kan ikke avbestilles lenger." } }],
    });
    renderPage();
    await h2("Min påmelding – Cupgradering desember");
    fireEvent.click(screen.getByRole("button", { name: "Avbestill hele påmeldingen" }));
    fireEvent.click(screen.getByRole("button", { name: "Ja, avbestill" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("Arrangementet er over, så det kan ikke avbestilles lenger.");
    expect(screen.getByRole("button", { name: "Avbestill Ola Nordmann" })).toBeTruthy();
  });

  it("a sale: the items, a whole cancel only, and what comes back", async () => {
    mockApi({
      [getPath]: [
        {
          body: season(
            order({
              orderId: "SA26-4F7K2Q",
              event: { ...order().event, kind: "salg", title: "Klubbtøy", startTime: null, pickUp: "Klubblokalet" },
              participants: [],
              items: [{ name: "T-skjorte", variant: "M", quantity: 2, price: 200 }],
              method: "vipps",
              money: { charged: 400, paid: 400, outstanding: 0, refunded: 0, refundOwed: 0, kept: 0 },
              refundIfCancelled: 400,
            }),
          ),
        },
      ],
    });
    renderPage();
    await h2("Min bestilling – Klubbtøy");
    expect(screen.getByText("2 × T-skjorte (M)")).toBeTruthy();
    expect(screen.getByText("Klubblokalet")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Avbestill .*T-skjorte/ })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Avbestill hele bestillingen" }));
    expect(screen.getByRole("group", { name: "Avbestille hele bestillingen?" }).textContent).toMatch(/400\skr, betales tilbake/);
  });

  it("says so in Norwegian when the link opens nothing, and offers a retry when the server cannot be reached", async () => {
    mockApi({ [getPath]: [{ status: 404, body: { error: "Fant ikke påmeldingen." } }] });
    const { unmount } = renderPage();
    await h1("Fant ikke påmeldingen");
    expect(screen.getByText(/Lenken virker ikke/)).toBeTruthy();
    unmount();

    mockApi({});
    renderPage();
    const problem = await screen.findByRole("alert");
    expect(problem.textContent).toContain("Vi klarte ikke å hente påmeldingene");
    expect(screen.getByRole("button", { name: "Prøv igjen" })).toBeTruthy();
  });
});

describe("the refund rule on an event order's page", () => {
  it("says the event's own rule with its last day, and links to the terms", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-12-01T12:00:00+01:00") });
    mockApi({ [getPath]: [{ body: season(order()) }] }, { withInit: true });
    renderPage();
    const rule = await screen.findByTestId("my-event-refund-rule");
    expect(rule.textContent).toContain(
      "Avbestiller du innen midnatt 12. desember 2026, får du alt du har betalt tilbake; etter det kan det ikke avbestilles.",
    );
    expect(rule.textContent).not.toContain("betales det som er betalt");
    expect(screen.getByRole("link", { name: "Salgsbetingelser" }).getAttribute("href")).toBe("/salgsbetingelser");
    vi.useRealTimers();
  });
});
