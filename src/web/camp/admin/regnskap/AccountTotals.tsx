import type { AccountTotalsAnswer, Period } from "../../../../shared/accounts/accounts-chart.ts";
import { formatKronerOre } from "../../../../shared/format.ts";
import { FigureTable, type FigureColumn } from "../../../components/admin/FigureTable.tsx";

type AccountTotal = AccountTotalsAnswer["accounts"][number];

const columns: FigureColumn<AccountTotal>[] = [
  { heading: "Debet", value: (account) => formatKronerOre(account.debit) },
  { heading: "Kredit", value: (account) => formatKronerOre(account.credit) },
];

/** The period's totals per account, debit and credit, with their sums (always equal). */
export function AccountTotals({
  totals,
  shown,
  headingId,
}: {
  totals: AccountTotalsAnswer | "failed" | undefined;
  shown: Period;
  headingId: string;
}) {
  return (
    <section aria-labelledby={headingId} aria-busy={totals === undefined || undefined}>
      <h3 id={headingId}>
        Summer per konto {shown.from} – {shown.to}
      </h3>
      {totals === undefined ? (
        <p role="status">Henter summene...</p>
      ) : totals === "failed" ? (
        <p className="form-error" role="alert">
          Klarte ikke hente summene. Prøv igjen.
        </p>
      ) : totals.accounts.length === 0 ? (
        <p>Ingen penger ble betalt inn eller tilbake i perioden.</p>
      ) : (
        <div className="regnskap-scroll">
          <FigureTable
            className="print-table regnskap-totals"
            labelledBy={headingId}
            rowHeading="Konto"
            rowLabel={(account) => `${account.number} ${account.name}`}
            rowKey={(account) => account.number}
            columns={columns}
            rows={totals.accounts}
            footer={{ label: "Sum", values: [formatKronerOre(totals.debit), formatKronerOre(totals.credit)] }}
          />
        </div>
      )}
    </section>
  );
}
