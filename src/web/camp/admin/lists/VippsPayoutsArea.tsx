import { useCallback, useId, useState, type FormEvent } from "react";
import { vippsPayoutLabels, type VippsPayoutReport } from "../../../../shared/accounts/vipps-payouts.ts";
import { formatKronerOre, formatLongDate, osloDateTimeLabel } from "../../../../shared/format.ts";
import { useAdminData, type AdminSession } from "../../../components/admin/AdminShell.tsx";
import { FigureTable, type FigureColumn } from "../../../components/admin/FigureTable.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { getVippsPayouts, readVippsNow } from "./vipps-payouts-api.ts";
import "./lists.css";

const failedMessage = "Klarte ikke hente utbetalingene fra Vipps, så du er logget ut. Logg inn på nytt for å prøve igjen.";

/** Øre to the label the rest of the site uses. */
const kroner = (ore: number) => formatKronerOre(ore / 100);

function dateLabel(date: string): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return formatLongDate({ year, month, day });
}

/** Today on the browser's calendar, and the same day a month before: the period shown first. */
function defaultPeriod(): { from: string; to: string } {
  const today = new Date();
  const text = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
  const monthAgo = new Date(today.getFullYear(), today.getMonth() - 1, today.getDate());
  return { from: text(monthAgo), to: text(today) };
}

type Payout = VippsPayoutReport["payouts"][number];

const payoutColumns: FigureColumn<Payout>[] = [
  { heading: "Betalt", value: (p) => kroner(p.captured) },
  { heading: "Tilbakebetalt", value: (p) => kroner(p.refunded) },
  { heading: "Gebyr", value: (p) => kroner(p.fees) },
  { heading: "Netto", value: (p) => kroner(p.net) },
  { heading: "Avstemt", value: (p) => String(p.matchedCount) },
];

const kindLabel = (kind: "capture" | "refund") => (kind === "capture" ? vippsPayoutLabels.capture : vippsPayoutLabels.refund);

/**
 * «Utbetalinger fra Vipps» (leder): for a period, each payout from Vipps with what it holds, its fees and net,
 * each of our Vipps payments matched to it, and what is not matched on either side.
 */
export function VippsPayoutsArea({ session }: { session: AdminSession }) {
  const id = useId();
  const [period, setPeriod] = useState(defaultPeriod);
  const [draft, setDraft] = useState(period);
  const [reading, setReading] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean }>();
  const fetcher = useCallback((token: string) => getVippsPayouts(token, period.from, period.to), [period]);
  const { data, load } = useAdminData(session, fetcher, failedMessage);

  const show = (event: FormEvent) => {
    event.preventDefault();
    setMessage(undefined);
    if (!draft.from || !draft.to || draft.from > draft.to) {
      setMessage({ text: "Velg en fra-dato som er før eller lik til-datoen.", error: true });
      return;
    }
    setPeriod({ ...draft });
  };

  const readNow = async () => {
    if (reading) return;
    setReading(true);
    setMessage(undefined);
    try {
      const read = await readVippsNow(session.token);
      setMessage({
        text:
          read.datesRead === 0
            ? "Ingen nye dager å hente fra Vipps."
            : `Hentet ${read.datesRead} ${read.datesRead === 1 ? "dag" : "dager"} fra Vipps.`,
        error: false,
      });
      await load();
    } catch (error) {
      setMessage({ text: error instanceof ApiError ? error.message : "Fikk ikke hentet fra Vipps. Prøv igjen senere.", error: true });
    } finally {
      setReading(false);
    }
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="treasurer vipps-payouts">
      <h2 id={`${id}-heading`}>{vippsPayoutLabels.title}</h2>
      <form className="button-row no-print" onSubmit={show} aria-label="Periode">
        <label>
          Fra <input type="date" required value={draft.from} onChange={(event) => setDraft({ ...draft, from: event.target.value })} />
        </label>
        <label>
          Til <input type="date" required value={draft.to} onChange={(event) => setDraft({ ...draft, to: event.target.value })} />
        </label>
        <button type="submit" className="button">
          Vis
        </button>
        <button type="button" className="button secondary" aria-disabled={reading || undefined} onClick={() => void readNow()}>
          {reading ? "Henter fra Vipps..." : "Hent fra Vipps nå"}
        </button>
      </form>
      <p role={message?.error ? "alert" : "status"} className={message?.error ? "error" : undefined}>
        {message?.text}
      </p>
      {!data ? (
        <p className="loading" role="status">
          Laster inn utbetalingene...
        </p>
      ) : (
        <PayoutReport id={id} data={data} />
      )}
    </section>
  );
}

function PayoutReport({ id, data }: { id: string; data: VippsPayoutReport }) {
  return (
    <article>
      <p>
        {data.readThrough ? `Lest fra Vipps til og med ${dateLabel(data.readThrough)}.` : "Ingenting er lest fra Vipps ennå."} Viser{" "}
        {dateLabel(data.from)} til {dateLabel(data.to)}.
      </p>
      <h3 id={`${id}-payouts`}>Utbetalinger</h3>
      {data.payouts.length === 0 ? (
        <p>Ingen utbetalinger i perioden.</p>
      ) : (
        <FigureTable
          className="print-table treasurer-figures treasurer-by-method"
          labelledBy={`${id}-payouts`}
          rowHeading="Utbetalingsdato"
          rowLabel={(payout) => dateLabel(payout.payoutDate)}
          rowKey={(payout) => `${payout.ledgerDate}-${payout.transferText}`}
          columns={payoutColumns}
          rows={data.payouts}
        />
      )}
      {data.payouts.map((payout) => (
        <details key={`${payout.ledgerDate}-${payout.transferText}-lines`}>
          <summary>
            Betalingene i utbetalingen {dateLabel(payout.payoutDate)} ({payout.transferText})
          </summary>
          <ul>
            {payout.lines.map((line) => (
              <li key={`${line.pspReference}-${line.kind}`}>
                {kindLabel(line.kind)} {kroner(line.amount)}, {line.reference}
                {line.fee > 0 ? `, gebyr ${kroner(line.fee)}` : ""}
              </li>
            ))}
          </ul>
        </details>
      ))}
      <OwnList id={`${id}-not-paid-out`} title={vippsPayoutLabels.notPaidOut} lines={data.notPaidOut} />
      <OwnList id={`${id}-unknown-at-vipps`} title={vippsPayoutLabels.unknownAtVipps} lines={data.unknownAtVipps} />
      <h3 id={`${id}-unknown-to-us`}>{vippsPayoutLabels.unknownToUs}</h3>
      {data.unknownToUs.length === 0 ? (
        <p>Ingen.</p>
      ) : (
        <ul aria-labelledby={`${id}-unknown-to-us`}>
          {data.unknownToUs.map((line) => (
            <li key={`${line.pspReference}-${line.kind}`}>
              {kindLabel(line.kind)} {kroner(line.amount)}, {line.reference}, {dateLabel(line.ledgerDate)}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

function OwnList({ id, title, lines }: { id: string; title: string; lines: VippsPayoutReport["notPaidOut"] }) {
  return (
    <>
      <h3 id={id}>{title}</h3>
      {lines.length === 0 ? (
        <p>Ingen.</p>
      ) : (
        <ul aria-labelledby={id}>
          {lines.map((line, index) => (
            <li key={`${line.reference}-${line.kind}-${index}`}>
              {kindLabel(line.kind)} {kroner(line.amount)}, {line.reference}, {osloDateTimeLabel(line.at)}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
