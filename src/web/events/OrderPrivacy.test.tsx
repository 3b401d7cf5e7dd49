// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { calls, mockApi } from "../test-support/mock-api.ts";
import { adminParticipant } from "./admin-participant.fixture.ts";
import { OrderPrivacy } from "./OrderPrivacy.tsx";

const token = "leder-token";
const row = adminParticipant({ orderId: "GR26-4F7K2Q" });
const forgetPath = `/api/ArrangementAdmin/Forget/GR26-4F7K2Q/${token}`;
const busy = "Betalingen er ikke ferdig ennå. Prøv igjen om et par minutter.";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("an order's personal data in the event admin", () => {
  it("downloads the family's data, asks before deleting, shows the server's refusal and reports the deletion", async () => {
    mockApi({ [forgetPath]: [{ status: 409, body: { error: busy } }, { body: { changed: true, orderId: row.orderId, anonymisedAt: "x" } }] });
    const session = { token, signOut: vi.fn(), logOut: { busy: false, run: vi.fn() } };
    const onForgotten = vi.fn(async () => {});
    const { rerender } = render(<OrderPrivacy row={row} session={session} onForgotten={onForgotten} />);
    expect(screen.getByRole("link", { name: "Last ned personopplysninger for ordre GR26-4F7K2Q" }).getAttribute("href")).toBe(
      `/api/ArrangementAdmin/PersonExport/GR26-4F7K2Q/${token}`,
    );

    fireEvent.click(screen.getByRole("button", { name: "Slett personopplysninger i ordre GR26-4F7K2Q" }));
    const question = screen.getByRole("group", { name: "Bekreft sletting av personopplysninger i ordre GR26-4F7K2Q" });
    expect(question.textContent).toContain("Kari Nordmann");
    // The safe choice has the keyboard; nothing is sent before «Ja, slett».
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Nei" }));
    expect(calls).toEqual([]);

    fireEvent.click(screen.getByRole("button", { name: "Ja, slett" }));
    expect((await screen.findByRole("alert")).textContent).toBe(busy);
    expect(onForgotten).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Ja, slett" }));
    await waitFor(() =>
      expect(onForgotten).toHaveBeenCalledWith(
        "Personopplysningene i ordre GR26-4F7K2Q er slettet. Beløpene og betalingene er beholdt for regnskapet.",
      ),
    );
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([`POST ${forgetPath}`, `POST ${forgetPath}`]);
    expect(session.signOut).not.toHaveBeenCalled();

    // Once blank, the list says so; the export stays (it holds the order without names).
    rerender(<OrderPrivacy row={{ ...row, anonymised: true }} session={session} onForgotten={onForgotten} />);
    expect(screen.queryByRole("button", { name: /Slett personopplysninger/ })).toBeNull();
    expect(screen.getByText("Personopplysningene er slettet.")).toBeTruthy();
    expect(screen.getByRole("link", { name: /Last ned personopplysninger/ })).toBeTruthy();
  });
});
