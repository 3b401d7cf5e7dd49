import { useId, useState } from "react";
import { campMoneyLines, ledgerFigureLabels } from "../../../../shared/camp/camp-ledger-labels.ts";
import { formatKroner } from "../../../../shared/format.ts";
import { moneyMethodWord } from "../../../../shared/payments/money-words.ts";
import type { TreasurerSummary } from "../../../../shared/camp/camp-treasurer.ts";
import { useAdminData, type AdminSession } from "../../../components/admin/AdminShell.tsx";
import { FigureTable, type FigureColumn } from "../../../components/admin/FigureTable.tsx";
import { campFileName } from "../../../../shared/camp/camp-admin-exports.ts";
import { useAdminEditionYear, useEditionFetcher } from "../admin-edition.tsx";
import { campXlsxUrl, getTreasurerSummary, markRefundPaid } from "../accounts/camp-accounts-api.ts";
import { ApiError } from "../../../lib/api-client.ts";
import "./lists.css";

/** The per-method figures: the column headings, and on a phone each figure's label. */
const methodColumns: FigureColumn<TreasurerSummary["byMethod"][number]>[] = [
  { heading: "Påmeldinger", value: (m) => String(m.registrations) },
  { heading: ledgerFigureLabels.paid, value: (m) => formatKroner(m.paid) },
  { heading: ledgerFigureLabels.refunded, value: (m) => formatKroner(m.refunded) },
];

const failedMessage = "Klarte ikke hente oppsummeringen, så du er logget ut. Logg inn på nytt for å prøve igjen.";

/** "Kasserer": after the camp, the money of the edition: participants, money per method, refunds, unpaid. */
export function TreasurerArea({ session }: { session: AdminSession }) {
  const id = useId();
  const { data, load } = useAdminData(session, useEditionFetcher(getTreasurerSummary), failedMessage);
  const year = useAdminEditionYear();
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState<number>();
  if (!data)
    return (
      <p className="loading" role="status">
        Laster inn oppsummeringen...
      </p>
    );
  // Every money figure from the ledgers, with the same words as the family's page and the admin's totals.
  const figures: [string, string][] = [
    ["Bekreftede påmeldinger", String(data.registrations)],
    ["Deltakere (utøvere og ledsagere)", String(data.participants)],
    ["Avbestilte påmeldinger", String(data.cancelledRegistrations)],
    ...campMoneyLines(data).map(({ label, amount }): [string, string] => [label, formatKroner(amount)]),
    ["Herav tilbakebetalt gjennom Vipps", formatKroner(data.refundedVipps)],
    ["Påmeldinger med noe utestående", String(data.unpaidRegistrations)],
  ];
  const paidBack = async (registrationId: number, amount: number) => {
    setBusy(registrationId);
    setProblem(undefined);
    try {
      await markRefundPaid(registrationId, amount, session.token);
      await load();
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : "Klarte ikke lagre. Prøv igjen.");
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <section aria-labelledby={`${id}-heading`} className="treasurer">
      <h2 id={`${id}-heading`}>Oppsummering for kassereren</h2>
      <div className="button-row no-print">
        <button type="button" className="button secondary" onClick={() => window.print()}>
          Skriv ut
        </button>
        <a className="button secondary" href={campXlsxUrl(session.token, "kasserer", year)} download={campFileName(year, "kasserer", "xlsx")}>
          Last ned Excel
        </a>
      </div>
      <article className="print-list">
        <h3>Vinterleiren {year}</h3>
        <table className="print-table treasurer-figures">
          <tbody>
            {figures.map(([label, value]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <h4>Per betalingsmåte (slik pengene faktisk kom inn og gikk tilbake)</h4>
        <FigureTable
          className="print-table treasurer-figures treasurer-by-method"
          rowHeading="Betalingsmåte"
          rowLabel={(m) => moneyMethodWord(m.method)}
          rowKey={(m) => m.method}
          columns={methodColumns}
          rows={data.byMethod}
        />
        <h4 id={`${id}-owed`}>{ledgerFigureLabels.refundOwed}</h4>
        {data.refundsOwed.length === 0 ? (
          <p>Ingen skal ha penger tilbake utenom Vipps.</p>
        ) : (
          <ul className="refunds-owed" aria-labelledby={`${id}-owed`}>
            {data.refundsOwed.map((owed) => (
              <li key={owed.registrationId}>
                <span>
                  {owed.name} ({owed.orderId}): <strong>{formatKroner(owed.amount)}</strong>
                </span>{" "}
                <button
                  type="button"
                  className="button secondary no-print"
                  aria-disabled={busy === owed.registrationId || undefined}
                  onClick={() => busy === undefined && void paidBack(owed.registrationId, owed.amount)}
                >
                  Merk som betalt tilbake
                </button>
              </li>
            ))}
          </ul>
        )}
        {problem && (
          <p className="error" role="alert">
            {problem}
          </p>
        )}
      </article>
    </section>
  );
}
