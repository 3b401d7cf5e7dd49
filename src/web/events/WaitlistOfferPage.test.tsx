// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import type { OfferView } from "../../shared/events/waitlist-offer.ts";
import { calls, mockApi } from "../test-support/mock-api.ts";
import { WaitlistOffer, type WaitlistOfferProps } from "./WaitlistOfferPage.tsx";

const token = "tok_AbC123";
const getPath = `/api/Arrangement/Venteliste/Get/${token}`;
const acceptPath = `/api/Arrangement/Venteliste/Accept/${token}`;
const declinePath = `/api/Arrangement/Venteliste/Decline/${token}`;

const offer = (patch: Partial<OfferView> = {}): OfferView => ({
  slug: "gradering-desember",
  kind: "gradering",
  title: "Cupgradering desember",
  firstDay: "2026-12-12",
  lastDay: "2026-12-12",
  venue: "Ski Taekwondo Klubb",
  year: 2026,
  orderId: "GR26-4F7K2Q",
  firstName: "Kari",
  lastName: "Nordmann",
  greetingName: "Kari",
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

/** A camp athlete's offer: the registration's own name is the child's; the page greets the parent. */
const campOffer = (patch: Partial<OfferView> = {}): OfferView =>
  offer({
    slug: "vinterleir-2026",
    kind: "vinterleir",
    title: "Vinterleir 2026",
    firstDay: "2026-06-12",
    lastDay: "2026-06-14",
    orderId: "VL26-4F7K2Q",
    firstName: "Per",
    greetingName: "Kari",
    participants: ["Per Nordmann"],
    total: 1275,
    lines: [
      { label: "Vinterleir, voksen", amount: 1200 },
      { label: "Ledsager", amount: 75 },
    ],
    // Summer time in Oslo: 12.00 there.
    expiresAt: "2026-06-12T10:00:00.000Z",
    ...patch,
  });

function renderOffer(props: WaitlistOfferProps = {}, search = "", base = "/arrangementer/venteliste") {
  const Stub = createRoutesStub([
    { path: "/arrangementer/venteliste/:token", Component: () => <WaitlistOffer {...props} /> },
    { path: "/vinterleir/venteliste/:token", Component: () => <WaitlistOffer {...props} /> },
    { path: "/arrangementer/:slug", Component: () => <p>Arrangementet</p> },
    { path: "/vinterleir/schedule", Component: () => <p>Programmet</p> },
  ]);
  return render(<Stub initialEntries={[`${base}/${token}${search}`]} />);
}
const renderCampOffer = (props: WaitlistOfferProps = {}) => renderOffer(props, "", "/vinterleir/venteliste");

const h1 = (name: string | RegExp) => screen.findByRole("heading", { level: 1, name });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the waiting-list offer page", () => {
  it("shows the offer (who, receipt, Oslo deadline) and «Ja takk» confirms once on a double click", async () => {
    mockApi({ [getPath]: [{ body: offer() }], [acceptPath]: [{ body: "Done", text: true }] });
    renderOffer();
    expect(screen.getByText("Henter tilbudet …")).toBeTruthy();
    await h1("Ledig plass: Cupgradering desember");
    expect(screen.getByText(/Hei, Kari! Det er blitt 2 plasser ledig på Cupgradering desember for Per Nordmann og Pål Nordmann/)).toBeTruthy();
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

  it("a camp offer at the camp's mailed link: the edition's title, the parent greeted (never the child), the Oslo deadline", async () => {
    mockApi({ [getPath]: [{ body: campOffer() }], [acceptPath]: [{ body: "Done", text: true }] });
    renderCampOffer();
    await h1("Ledig plass: Vinterleir 2026");
    expect(screen.getByText(/Hei, Kari! Det er blitt en plass ledig på Vinterleir 2026 for Per Nordmann, og plassen er deres/)).toBeTruthy();
    expect(screen.queryByText(/Hei, Per/)).toBeNull();
    expect(screen.getByText("fredag 12. juni kl. 12.00")).toBeTruthy();
    const table = screen.getByRole("table");
    expect(table.textContent).toContain("Vinterleir, voksen");
    expect(table.textContent).toMatch(/Totalt1\s275\skr/);
    expect(screen.getByText("Du betaler med kort eller kontant ved oppmøte.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Ja takk, vi kommer" }));
    await h1("Plassen er bekreftet");
    expect(screen.getByText(/Takk, Kari! Per Nordmann har plass på/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Vinterleir 2026" }).getAttribute("href")).toBe("/vinterleir");
    expect(screen.getByRole("link", { name: "Se programmet" })).toBeTruthy();
    expect(screen.getByText(/Du betaler 1\s275\skr med kort eller kontant ved oppmøte/)).toBeTruthy();
  });

  it("a camp offer with Vipps goes to Vipps, the button busy while the browser leaves", async () => {
    const redirect = vi.fn();
    mockApi({
      [getPath]: [{ body: campOffer({ vipps: true }) }],
      [acceptPath]: [{ body: "https://pay.example/vipps?ref=VL26-4F7K2Q-1", text: true }],
    });
    renderCampOffer({ redirect });
    await h1("Ledig plass: Vinterleir 2026");
    expect(screen.queryByText("Du betaler med kort eller kontant ved oppmøte.")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Ja takk – betal med Vipps" }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith("https://pay.example/vipps?ref=VL26-4F7K2Q-1"));
    expect((screen.getByRole("button", { name: "Bekrefter …" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows an expired, withdrawn or accepted offer as it stands, with no button; without a name to greet, «Hei!»", async () => {
    for (const [state, heading, text] of [
      ["expired", "Tilbudet gjelder ikke lenger", "Fristen for å svare er ute"],
      ["withdrawn", "Tilbudet gjelder ikke lenger", "Tilbudet gjelder ikke lenger."],
      ["accepted", "Plassen er bekreftet", "Takk! Per Nordmann har plass på"],
    ] as const) {
      mockApi({ [getPath]: [{ body: campOffer({ state, greetingName: null }) }] });
      const { unmount } = renderCampOffer();
      await h1(heading);
      expect(document.body.textContent).toContain(text);
      expect(screen.queryByRole("button", { name: /Ja takk/ })).toBeNull();
      unmount();
    }
    mockApi({ [getPath]: [{ body: campOffer({ greetingName: null }) }] });
    renderCampOffer();
    expect(await screen.findByText(/^Hei! Det er blitt en plass ledig/)).toBeTruthy();
  });

  it("«Nei takk» asks once more before declining, and keeps the offer when a confirmation fails", async () => {
    mockApi({
      [getPath]: [{ body: campOffer() }],
      [acceptPath]: [
        { status: 500, body: { error: "Intern feil" } },
        { body: "Done", text: true },
      ],
      [declinePath]: [{ body: campOffer({ state: "declined" }) }],
    });
    renderCampOffer();
    await h1("Ledig plass: Vinterleir 2026");
    fireEvent.click(screen.getByRole("button", { name: "Nei takk" }));
    expect(screen.getByRole("group", { name: "Takke nei til plassen?" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Avbryt" }));
    expect(calls.some((call) => call.url === declinePath)).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Ja takk, vi kommer" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Vi fikk ikke bekreftet plassen");
    fireEvent.click(screen.getByRole("button", { name: "Ja takk, vi kommer" }));
    await h1("Plassen er bekreftet");
    expect(calls.filter((call) => call.url === acceptPath)).toHaveLength(2);
  });
});
