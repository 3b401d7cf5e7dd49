import { useId, useState } from "react";
import { campMoneyLines, ledgerFigureLabels } from "../../../../shared/camp/camp-ledger.ts";
import { formatKroner } from "../../../../shared/format.ts";
import { paymentMethodLabel } from "../../../../shared/camp/camp-state-labels.ts";
import type { TreasurerSummary } from "../../../../shared/camp/camp-treasurer.ts";
import { useAdminData, type AdminSession } from "../../../components/admin/AdminShell.tsx";
import { campFileName } from "../../../../shared/camp/camp-admin-exports.ts";
import { useAdminEditionYear, useEditionFetcher } from "../admin-edition.tsx";
import { campXlsxUrl, getTreasurerSummary, markRefundPaid } from "../accounts/camp-accounts-api.ts";
import { ApiError } from "../../../lib/api-client.ts";
import "./lists.css";

/** The per-method figures: the column headings, and on a phone each figure's label. */
const methodColumns: [string, (m: TreasurerSummary["byMethod"][number]) => string][] = [
  ["Påmeldinger", (m) => String(m.registrations)],
  ["Å betale", (m) => formatKroner(m.toPay)],
  ["Innbetalt", (m) => formatKroner(m.paid)],
  ["Refundert", (m) => formatKroner(m.refunded)],
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
    ["Påmeldinger med noe å betale", String(data.unpaidRegistrations)],
    [ledgerFigureLabels.outstanding, formatKroner(data.unpaidAmount)],
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
        <h4>Per betalingsmåte</h4>
        <table className="print-table treasurer-figures treasurer-by-method">
          <thead>
            <tr>
              <th scope="col">Betalingsmåte</th>
              {methodColumns.map(([heading]) => (
                <th key={heading} scope="col">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.byMethod.map((m) => (
              <tr key={m.method}>
                <th scope="row">{paymentMethodLabel(m.method)}</th>
                {methodColumns.map(([heading, value]) => (
                  <td key={heading} data-label={heading}>
                    {value(m)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
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
