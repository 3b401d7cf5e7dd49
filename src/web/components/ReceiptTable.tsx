import type { ReactNode } from "react";
import { formatKroner } from "../../shared/format.ts";
import "./receipt.css";

/** Price lines and total as a table: the camp wizard's summary and the waiting-list offers show the same receipt. */
export function ReceiptTable({ caption, lines, total }: { caption: ReactNode; lines: { label: string; amount: number }[]; total: number }) {
  return (
    <table className="data receipt">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Hva</th>
          <th scope="col" className="amount">
            Beløp
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line, index) => (
          <tr key={`${line.label}-${index}`}>
            <td>{line.label}</td>
            <td className="amount">{formatKroner(line.amount)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Totalt</th>
          <td className="amount total">{formatKroner(total)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
