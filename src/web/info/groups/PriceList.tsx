import type { ReactNode } from "react";
import { formatKroner } from "../../../shared/format.ts";
import "./groups.css";

export interface PriceItem {
  label: ReactNode;
  amount: number;
  /** Shown after the amount, e.g. "per måned". */
  per?: string;
}

export function PriceList({ items, label }: { items: PriceItem[]; label: string }) {
  return (
    <ul className="price-list" aria-label={label}>
      {items.map((item, i) => (
        <li key={i}>
          <span>{item.label}</span>
          <span className="amount">
            {formatKroner(item.amount)}
            {item.per && <span className="per"> {item.per}</span>}
          </span>
        </li>
      ))}
    </ul>
  );
}
