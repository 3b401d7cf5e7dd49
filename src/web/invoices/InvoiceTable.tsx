/** The overdue invoices per person, as the treasurer reads them before reminding. */
import { formatKronerOre } from "../../shared/format.ts";
import type { InvoiceGroup } from "../../shared/invoices/invoice-groups.ts";
import { daysLabel, norwegianDate } from "./invoice-format.ts";

export function InvoiceTable({ groups }: { groups: InvoiceGroup[] }) {
  return (
    <table className="data admin-table invoice-table">
      <caption className="visually-hidden">Forfalte fakturaer per person, de som har ventet lengst først</caption>
      <thead>
        <tr>
          <th scope="col">Navn</th>
          <th scope="col">E-post</th>
          <th scope="col">Fakturaer</th>
          <th scope="col" className="amount">
            Sum
          </th>
          <th scope="col" className="amount">
            Over forfall
          </th>
        </tr>
      </thead>
      <tbody>
        {groups.map((group) => (
          <tr key={`${group.name}\u0000${group.email}`}>
            <th scope="row" data-label="Navn">
              {group.name}
            </th>
            <td data-label="E-post">{group.email ? <a href={`mailto:${group.email}`}>{group.email}</a> : <span className="muted">mangler</span>}</td>
            <td data-label="Fakturaer">
              <ul className="invoice-lines">
                {group.invoices.map((invoice, index) => (
                  <li key={invoice.InvoiceNumber ?? index}>
                    <strong>{formatKronerOre(invoice.Amount)}</strong>, forfalt {norwegianDate(invoice.DueDate)}, AvtaleGiro:{" "}
                    {invoice.Avtalegiro ? "Ja" : "Nei"}
                    {invoice.InvoiceNumber && <span className="muted">, faktura {invoice.InvoiceNumber}</span>}
                    {invoice.Kid && <span className="muted">, KID {invoice.Kid}</span>}
                  </li>
                ))}
              </ul>
            </td>
            <td data-label="Sum" className="amount">
              {formatKronerOre(group.total)}
            </td>
            <td data-label="Over forfall" className="amount">
              {daysLabel(group.daysOverdue)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
