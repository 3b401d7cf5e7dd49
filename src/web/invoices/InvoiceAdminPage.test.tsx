// @vitest-environment happy-dom
import { createHash } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { InvoiceAdmin } from "./InvoiceAdminPage.tsx";
import { formatKronerOre } from "../../shared/format.ts";
import { calls, mockApi as stubApi, type Answer } from "../test-support/mock-api.ts";

const groups = [
  {
    name: "Kari Nordmann",
    email: "kari@example.no",
    invoices: [
      { Amount: 520, DueDate: "2026-02-13", Avtalegiro: true, InvoiceNumber: "1002", daysOverdue: 30 },
      { Amount: 1234.5, DueDate: "2026-03-01", Avtalegiro: true, InvoiceNumber: "1001", Kid: "12345678903", daysOverdue: 14 },
    ],
    total: 1754.5,
    daysOverdue: 30,
  },
  {
    name: "Per Dahl",
    email: "per@example.no",
    invoices: [{ Amount: 480, DueDate: "2026-03-14", Avtalegiro: false, daysOverdue: 1 }],
    total: 480,
    daysOverdue: 1,
  },
];
const status = {
  lastImport: { at: "2026-03-14T18:00:00Z", source: "opplastet fil «ubetalte.csv»", ok: true, rowCount: 4, errorCount: 0 },
  lastSuccess: { at: "2026-03-14T18:00:00Z", source: "opplastet fil «ubetalte.csv»", rowCount: 4 },
  storedInvoices: 4,
  refreshSource: "upload",
};

/** Keeps each request's body and headers: the upload test reads them. */
const mockApi = (answers: Record<string, Answer[]>) => stubApi(answers, { withInit: true });

const listAnswers = { "/api/Invoice/Get/": [{ body: groups }], "/api/Invoice/Status/": [{ body: status }] };

beforeEach(() => {
  document.cookie = "invoiceAdminToken=; Max-Age=0; Path=/";
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function loggedIn(extra: Record<string, Answer[]> = {}) {
  document.cookie = "invoiceAdminToken=tok123; Path=/";
  mockApi({ ...listAnswers, ...extra });
  render(<InvoiceAdmin />);
  await screen.findByRole("table");
}

describe("InvoiceAdmin login", () => {
  it("sends the SHA-256 digest on Enter, keeps the token in its cookie and shows the reminders", async () => {
    mockApi({ "/api/Invoice/GetToken/": [{ body: "tok123", text: true }], ...listAnswers });
    render(<InvoiceAdmin />);
    fireEvent.change(screen.getByLabelText("Passord"), { target: { value: "hemmelig" } });
    fireEvent.submit(screen.getByLabelText("Passord").closest("form")!);
    expect(await screen.findByRole("table")).toBeTruthy();
    expect(calls[0]!.url).toBe(`/api/Invoice/GetToken/${createHash("sha256").update("hemmelig").digest("hex")}`);
    expect(calls.map((c) => c.url)).toContain("/api/Invoice/Get/tok123");
    expect(document.cookie).toContain("invoiceAdminToken=tok123");
  });

  it("says 'Feil passord.' on a 401", async () => {
    mockApi({ "/api/Invoice/GetToken/": [{ status: 401, body: { error: "Feil passord." } }] });
    render(<InvoiceAdmin hash={async () => "a".repeat(64)} />);
    fireEvent.change(screen.getByLabelText("Passord"), { target: { value: "feil" } });
    fireEvent.click(screen.getByRole("button", { name: "Logg inn" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Feil passord.");
    expect(document.cookie).not.toContain("invoiceAdminToken=");
  });
});

describe("InvoiceAdmin reminders", () => {
  it("shows totals on top and each person with invoices, total and days overdue", async () => {
    await loggedIn();
    const totals = screen.getByText("Personer").closest("dl")!;
    expect(within(totals).getByText("Personer").nextSibling!.textContent).toBe("2");
    expect(within(totals).getByText("Forfalte fakturaer").nextSibling!.textContent).toBe("3");
    expect(within(totals).getByText("Utestående").nextSibling!.textContent).toBe(formatKronerOre(2234.5));
    expect(formatKronerOre(2234.5)).toBe("2\u00a0234,50\u00a0kr");

    const rows = screen.getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    const kari = rows[0]!;
    expect(within(kari).getByRole("rowheader").textContent).toBe("Kari Nordmann");
    expect(within(kari).getByRole("link", { name: "kari@example.no" }).getAttribute("href")).toBe("mailto:kari@example.no");
    const lines = within(kari)
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(lines).toEqual([
      "520\u00a0kr, forfalt 13.02.2026, AvtaleGiro: Ja, faktura 1002",
      "1\u00a0234,50\u00a0kr, forfalt 01.03.2026, AvtaleGiro: Ja, faktura 1001, KID 12345678903",
    ]);
    expect(kari.textContent).toContain("1\u00a0754,50\u00a0kr");
    expect(kari.textContent).toContain("30 dager");
    expect(rows[1]!.textContent).toContain("AvtaleGiro: Nei");
    expect(rows[1]!.textContent).toContain("1 dag");
    expect(screen.getByText(/Sist lest inn 14\.03\.2026 19:00 fra opplastet fil «ubetalte\.csv»/)).toBeTruthy();
    const csv = screen.getByRole("link", { name: "Last ned CSV" });
    expect(csv.getAttribute("href")).toBe("/api/Invoice/GetCsv/tok123");
    expect(csv.getAttribute("download")).toBe("purringer.csv");
  });

  it("refreshes and tells how many invoices were read", async () => {
    await loggedIn({ "/api/Invoice/Refresh/": [{ body: { ok: true, imported: 4, errors: [], errorCount: 0 } }] });
    fireEvent.click(screen.getByRole("button", { name: "Oppdater" }));
    expect(await screen.findByText("Listen er oppdatert: 4 fakturaer.")).toBeTruthy();
    expect(calls.filter((c) => c.url === "/api/Invoice/Get/tok123")).toHaveLength(2);
  });

  it("uploads the chosen file as the body and lists the rows that were refused", async () => {
    await loggedIn({
      "/api/Invoice/Upload/": [
        {
          body: {
            ok: false,
            imported: 0,
            errors: [
              { line: 3, message: "Beløpet «ti kroner» er ikke et gyldig kronebeløp." },
              { line: 7, message: "Navn mangler." },
            ],
            errorCount: 102,
          },
        },
      ],
    });
    fireEvent.click(screen.getByRole("button", { name: "Last opp og les inn" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Velg en fil først.");

    const file = new File(["Navn;Epost\n"], "feil eksport.csv", { type: "text/csv" });
    fireEvent.change(screen.getByLabelText("Fil fra regnskapssystemet (CSV eller Excel)"), { target: { files: [file] } });
    fireEvent.click(screen.getByRole("button", { name: "Last opp og les inn" }));
    expect(await screen.findByText("Rad 3: Beløpet «ti kroner» er ikke et gyldig kronebeløp.")).toBeTruthy();
    expect(screen.getByText("Rad 7: Navn mangler.")).toBeTruthy();
    expect(screen.getByText(/Filen ble ikke lest inn, og listen er som før/)).toBeTruthy();
    expect(screen.getByText("… og 100 feil til.")).toBeTruthy();
    const upload = calls.find((c) => c.url === "/api/Invoice/Upload/tok123")!;
    expect(upload.method).toBe("POST");
    expect(upload.init!.body).toBe(file);
    expect((upload.init!.headers as Record<string, string>)["X-File-Name"]).toBe("feil%20eksport.csv");
    // The previous list is still shown.
    expect(screen.getAllByRole("row")).toHaveLength(3);
  });

  it("clears the token and returns to the login when a data call fails", async () => {
    document.cookie = "invoiceAdminToken=old; Path=/";
    mockApi({ "/api/Invoice/Get/": [{ status: 401, body: { error: "Unauthroized" } }], "/api/Invoice/Status/": [{ body: status }] });
    render(<InvoiceAdmin />);
    expect(await screen.findByText("Innloggingen er utløpt eller ugyldig. Logg inn på nytt.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Logg inn" })).toBeTruthy();
    expect(document.cookie).not.toContain("invoiceAdminToken=old");
  });

  it("signs out on a 401 from a refresh", async () => {
    await loggedIn({ "/api/Invoice/Refresh/": [{ status: 401, body: { error: "Unauthroized" } }] });
    fireEvent.click(screen.getByRole("button", { name: "Oppdater" }));
    expect(await screen.findByText("Innloggingen er utløpt eller ugyldig. Logg inn på nytt.")).toBeTruthy();
  });

  it("tells when nothing has been imported yet", async () => {
    document.cookie = "invoiceAdminToken=tok123; Path=/";
    mockApi({
      "/api/Invoice/Get/": [{ body: [] }],
      "/api/Invoice/Status/": [{ body: { lastImport: null, lastSuccess: null, storedInvoices: 0, refreshSource: "none" } }],
    });
    render(<InvoiceAdmin />);
    expect(await screen.findByText("Ingen fakturaer er lest inn ennå. Last opp eksporten fra regnskapssystemet.")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Last ned CSV" })).toBeNull();
  });
});
