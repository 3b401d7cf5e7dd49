// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { accountsMessages, defaultChart, type AccountTotalsAnswer, type ChartAnswer } from "../../../../shared/accounts/accounts-chart.ts";
import { RenderTimeContext } from "../../../lib/use-now.ts";
import { RegnskapArea } from "./RegnskapArea.tsx";

const chart: ChartAnswer = { accounts: [...defaultChart], changes: [] };
const totals: AccountTotalsAnswer = {
  from: "2026-01-01",
  to: "2026-11-30",
  accounts: [
    { number: "1925", name: "Vipps-konto/oppgjør", debit: 1200, credit: 309.75 },
    { number: "3100", name: "Deltakeravgift vinterleir", debit: 300, credit: 1200 },
    { number: "7770", name: "Bank- og kortgebyr", debit: 9.75, credit: 0 },
  ],
  debit: 1509.75,
  credit: 1509.75,
};

function serve() {
  let stored = chart;
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith("/api/Regnskap/Kontoplan/") && init?.method === "PUT") {
      const body = JSON.parse(String(init.body)) as { accounts: ChartAnswer["accounts"] };
      const change = {
        changedAt: "2026-11-30T10:00:00.000Z",
        account: "leirsjef",
        action: "updated",
        changes: [{ field: "vipps.number", from: "1925", to: "1926" }],
      };
      stored = { accounts: body.accounts, changes: [change] };
      return new Response(JSON.stringify(stored), { status: 200 });
    }
    if (url.startsWith("/api/Regnskap/Kontoplan/")) return new Response(JSON.stringify(stored), { status: 200 });
    if (url.startsWith("/api/Regnskap/Summer/")) return new Response(JSON.stringify(totals), { status: 200 });
    return new Response("{}", { status: 404 });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

const session = { token: "tok", signOut: vi.fn(), logOut: { busy: false, run: vi.fn() } };
const show = () =>
  render(
    <RenderTimeContext.Provider value="2026-11-30T10:00:00.000Z">
      <RegnskapArea session={session} />
    </RenderTimeContext.Provider>,
  );

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("«Regnskap»", () => {
  it("starts with this year so far: the files to download, the totals per account, and the chart", async () => {
    const fetch = serve();
    show();
    expect((screen.getByLabelText("Fra og med") as HTMLInputElement).value).toBe("2026-01-01");
    expect((screen.getByLabelText("Til og med") as HTMLInputElement).value).toBe("2026-11-30");
    expect(screen.getByRole("link", { name: "Last ned Excel" }).getAttribute("href")).toBe("/api/Regnskap/GetXlsx/2026-01-01/2026-11-30/tok");
    expect(screen.getByRole("link", { name: "Last ned CSV" }).getAttribute("href")).toBe("/api/Regnskap/GetCsv/2026-01-01/2026-11-30/tok");
    const table = await screen.findByRole("table", { name: /Summer per konto/ });
    expect(within(table).getByRole("rowheader", { name: "1925 Vipps-konto/oppgjør" })).toBeTruthy();
    expect(within(table).getByRole("rowheader", { name: "Sum" }).parentElement!.textContent).toMatch(/1\s509,75\skr.*1\s509,75\skr/);
    expect(String(fetch.mock.calls.find(([url]) => String(url).startsWith("/api/Regnskap/Summer/"))![0])).toBe(
      "/api/Regnskap/Summer/2026-01-01/2026-11-30/tok",
    );
    expect(((await screen.findByLabelText("Kontonummer, vipps (oppgjørskonto)")) as HTMLInputElement).value).toBe("1925");
  });

  it("says what is wrong with a period, and offers no files for it", async () => {
    serve();
    show();
    fireEvent.change(screen.getByLabelText("Fra og med"), { target: { value: "2026-12-01" } });
    const to = screen.getByLabelText("Til og med");
    expect(to.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(to.getAttribute("aria-describedby")!)!.textContent).toBe(accountsMessages.period);
    expect(screen.queryByRole("link", { name: "Last ned Excel" })).toBeNull();
  });

  it("checks the chart before saving it, in Norwegian, then saves it and shows the change log", async () => {
    const fetch = serve();
    show();
    const number = (await screen.findByLabelText("Kontonummer, vipps (oppgjørskonto)")) as HTMLInputElement;
    fireEvent.change(number, { target: { value: "19x5" } });
    fireEvent.click(screen.getByRole("button", { name: "Lagre kontoplanen" }));
    expect(number.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(number.getAttribute("aria-describedby")!)!.textContent).toBe(accountsMessages.number);
    expect(fetch.mock.calls.some(([, init]) => init?.method === "PUT")).toBe(false);

    fireEvent.change(number, { target: { value: "1926" } });
    fireEvent.click(screen.getByRole("button", { name: "Lagre kontoplanen" }));
    await waitFor(() => expect(screen.getByText("Kontoplanen er lagret.")).toBeTruthy());
    const put = fetch.mock.calls.find(([, init]) => init?.method === "PUT")!;
    expect(JSON.parse(String(put[1]!.body)).accounts.find((account: { role: string }) => account.role === "vipps")).toEqual({
      role: "vipps",
      number: "1926",
      name: "Vipps-konto/oppgjør",
    });
    expect(number.getAttribute("aria-invalid")).toBeNull();
    expect(await screen.findByText("Vipps (oppgjørskonto), kontonummer: 1925 → 1926")).toBeTruthy();
  });
});
