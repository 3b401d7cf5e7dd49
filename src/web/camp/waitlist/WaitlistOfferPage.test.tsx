// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import type { WaitlistOfferView } from "../../../shared/camp/camp-waitlist.ts";
import { calls, mockApi } from "../../test-support/mock-api.ts";
import { WaitlistOffer, type WaitlistOfferProps } from "./WaitlistOfferPage.tsx";

const token = "tok_AbC123";
const getPath = `/api/Venteliste/Get/${token}`;
const acceptPath = `/api/Venteliste/Accept/${token}`;

const offer = (patch: Partial<WaitlistOfferView> = {}): WaitlistOfferView => ({
  year: 2026,
  orderId: "VL26-4F7K2Q",
  firstName: "Kari",
  lastName: "Nordmann",
  total: 1275,
  lines: [
    { label: "Vinterleir, voksen", amount: 1200 },
    { label: "Ledsager", amount: 75 },
  ],
  vipps: false,
  state: "offered",
  // Summer time in Oslo: 12.00 there.
  expiresAt: "2026-06-12T10:00:00.000Z",
  ...patch,
});

function renderOffer(props: WaitlistOfferProps = {}) {
  const Stub = createRoutesStub([
    { path: "/vinterleir/venteliste/:token", Component: () => <WaitlistOffer {...props} /> },
    { path: "/vinterleir/schedule", Component: () => <p>Programmet</p> },
  ]);
  return render(<Stub initialEntries={[`/vinterleir/venteliste/${token}`]} />);
}

const h1 = (name: string | RegExp) => screen.findByRole("heading", { level: 1, name });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("waiting-list offer page", () => {
  it("shows the offer (name, receipt, Oslo deadline) and confirms a card/cash place once on a double click", async () => {
    mockApi({ [getPath]: [{ body: offer() }], [acceptPath]: [{ body: "Done", text: true }] });
    renderOffer();
    expect(screen.getByText("Henter tilbudet …")).toBeTruthy();
    await h1("Du har fått plass på vinterleir 2026");
    expect(screen.getByText(/Hei, Kari Nordmann!/)).toBeTruthy();
    expect(screen.getByText("fredag 12. juni kl. 12.00")).toBeTruthy();
    const table = screen.getByRole("table");
    expect(table.textContent).toContain("Vinterleir, voksen");
    expect(table.textContent).toMatch(/Totalt1\s275\skr/);
    expect(screen.getByText("Du betaler med kort eller kontant ved oppmøte.")).toBeTruthy();

    // Both clicks land before the first answer: one POST.
    const confirm = screen.getByRole("button", { name: "Bekreft plassen" });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    const confirmed = await h1("Plassen er bekreftet");
    // Focus moves to the new heading once it is shown (an effect after the render that shows it).
    await waitFor(() => expect(document.activeElement).toBe(confirmed));
    expect(screen.getByText(/Du betaler 1\s275\skr med kort eller kontant ved oppmøte/)).toBeTruthy();
    expect(calls.filter((call) => call.method === "POST")).toHaveLength(1);
  });

  it("goes to Vipps when the registration chose Vipps", async () => {
    const redirect = vi.fn();
    mockApi({ [getPath]: [{ body: offer({ vipps: true }) }], [acceptPath]: [{ body: "https://pay.example/vipps?ref=VL26-4F7K2Q-1", text: true }] });
    renderOffer({ redirect });
    await h1("Du har fått plass på vinterleir 2026");
    expect(screen.queryByText("Du betaler med kort eller kontant ved oppmøte.")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Bekreft og betal med Vipps" }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith("https://pay.example/vipps?ref=VL26-4F7K2Q-1"));
    expect((screen.getByRole("button", { name: "Bekrefter …" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("says the offer has expired when the server answers 410 to the confirmation", async () => {
    mockApi({ [getPath]: [{ body: offer() }], [acceptPath]: [{ status: 410, body: { error: "Fristen gikk ut kl. 12.00." } }] });
    renderOffer();
    await h1("Du har fått plass på vinterleir 2026");
    fireEvent.click(screen.getByRole("button", { name: "Bekreft plassen" }));
    await h1("Tilbudet har gått ut");
    expect(screen.getByText(/Fristen gikk ut kl\. 12\.00\./)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Bekreft plassen" })).toBeNull();
  });

  it("shows an expired, withdrawn or accepted offer as it stands, with no button", async () => {
    for (const [state, heading] of [
      ["expired", "Tilbudet har gått ut"],
      ["withdrawn", "Tilbudet har gått ut"],
      ["accepted", "Plassen er bekreftet"],
    ] as const) {
      mockApi({ [getPath]: [{ body: offer({ state }) }] });
      const { unmount } = renderOffer();
      await h1(heading);
      expect(screen.queryByRole("button", { name: /Bekreft/ })).toBeNull();
      unmount();
    }
  });

  it("«Nei takk» asks once more, then declines and says the place went to the next", async () => {
    const declinePath = `/api/Venteliste/Decline/${token}`;
    mockApi({ [getPath]: [{ body: offer() }], [declinePath]: [{ body: offer({ state: "declined" }) }] });
    renderOffer();
    await h1("Du har fått plass på vinterleir 2026");
    fireEvent.click(screen.getByRole("button", { name: "Nei takk" }));
    const ask = screen.getByRole("group", { name: "Takke nei til plassen?" });
    expect(ask.textContent).toContain("Plassen går med en gang til nestemann på ventelisten");
    expect(calls.some((call) => call.url === declinePath)).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Ja, gi plassen videre" }));
    await h1("Du har takket nei");
    expect(screen.getByText(/Plassen er gitt videre til nestemann på ventelisten/)).toBeTruthy();
    expect(calls.filter((call) => call.url === declinePath)).toHaveLength(1);
    expect(calls.some((call) => call.url === acceptPath)).toBe(false);
  });

  it("says the offer was not found for an unknown token", async () => {
    mockApi({ [getPath]: [{ status: 404, body: { error: "Fant ikke tilbudet." } }] });
    renderOffer();
    await h1("Fant ikke tilbudet");
  });

  it("offers a retry when the offer cannot be loaded, and keeps the offer when a confirmation fails", async () => {
    mockApi({
      [getPath]: [{ status: 500, body: { error: "boom" } }, { body: offer() }],
      [acceptPath]: [
        { status: 500, body: { error: "Intern feil" } },
        { body: "Done", text: true },
      ],
    });
    renderOffer();
    fireEvent.click(await screen.findByRole("button", { name: "Prøv igjen" }));
    await h1("Du har fått plass på vinterleir 2026");
    fireEvent.click(screen.getByRole("button", { name: "Bekreft plassen" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Vi fikk ikke bekreftet plassen");
    fireEvent.click(screen.getByRole("button", { name: "Bekreft plassen" }));
    await h1("Plassen er bekreftet");
  });
});
