// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { DoorRefusal } from "../../../../shared/camp/door-list.ts";
import { DoorRefusalsArea } from "./DoorRefusalsArea.tsx";

const refusal: DoorRefusal = {
  actionId: "5a0f3c1e-8b2d-4c7a-9e1f-0a2b3c4d5e6f",
  kind: "payment",
  name: "Åse Kjeller",
  club: "Ski Taekwondo Klubb",
  orderId: "VL26-AAAA11",
  day: "2026-11-28",
  amount: 1200,
  method: "cash",
  message: "Det er ingenting igjen å betale på denne påmeldingen.",
  by: "Dora Dør",
  at: "2026-11-28T16:05:00.000Z",
};

afterEach(() => vi.unstubAllGlobals());

describe("«Avvist i døra»", () => {
  it("lists each refused door action with the person, the action, who made it, when, and why", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ refusals: [refusal] }), { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    render(<DoorRefusalsArea session={{ token: "tok", signOut: vi.fn(), logOut: { busy: false, run: vi.fn() } }} />);
    const item = await screen.findByRole("listitem");
    expect(item.textContent).toContain("Åse Kjeller (Ski Taekwondo Klubb, VL26-AAAA11)");
    expect(item.textContent).toMatch(/Betaling 1\s200\skr \(Kontant\) · lørdag 28\. november · av Dora Dør · 28\.11\.2026 17:05/);
    expect(item.textContent).toContain(refusal.message);
    expect(String(fetch.mock.calls[0]![0 as never])).toBe("/api/VinterleirAdmin/CheckIn/Refused/tok");
  });

  it("says so when nothing was refused", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ refusals: [] }), { status: 200 })),
    );
    render(<DoorRefusalsArea session={{ token: "tok", signOut: vi.fn(), logOut: { busy: false, run: vi.fn() } }} />);
    expect(await screen.findByText("Ingenting er avvist.")).toBeTruthy();
  });
});
