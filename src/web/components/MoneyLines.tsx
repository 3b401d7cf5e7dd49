import { Fragment } from "react";
import { ledgerFigureLabels } from "../../shared/camp/camp-ledger-labels.ts";
import type { LedgerFigures } from "../../shared/camp/camp-ledger.ts";
import { formatKroner } from "../../shared/format.ts";

/**
 * The lines that explain every krone, from the order's ledger: what came in, what went back, what the
 * cancellation rules kept, what is owed back outside Vipps, and what is left to pay. A line that is 0 is left
 * out, except «Betalt» and «Utestående».
 */
export function MoneyLines({ money }: { money: Pick<LedgerFigures, "paid" | "refunded" | "kept" | "refundOwed" | "outstanding"> }) {
  const lines: [keyof typeof ledgerFigureLabels, number][] = [
    ["paid", money.paid],
    ["refunded", money.refunded],
    ["kept", money.kept],
    ["refundOwed", money.refundOwed],
    ["outstanding", money.outstanding],
  ];
  return (
    <>
      {lines
        .filter(([key, amount]) => amount !== 0 || key === "paid" || key === "outstanding")
        .map(([key, amount]) => (
          <Fragment key={key}>
            <dt>{ledgerFigureLabels[key]}</dt>
            <dd>{formatKroner(amount)}</dd>
          </Fragment>
        ))}
    </>
  );
}
