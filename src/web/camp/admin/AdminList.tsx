import { useId, useMemo, useState } from "react";
import { matchesSearch } from "../../../shared/camp/grades.ts";
import { formatKroner } from "../../../shared/format.ts";
import { claimUncoveredLabel, type AdminPerson, type AdminTotals } from "../../../shared/camp/camp-lists.ts";
import { campMoneyLines, ledgerFigureLabels } from "../../../shared/camp/camp-ledger-labels.ts";
import { participantsTitle } from "../../../shared/camp/camp-admin-exports.ts";
import {
  amountLabel,
  fullName,
  companionOf,
  paymentLabel,
  personKey,
  searchText,
  sortPeople,
  statusLabel,
  statusLabels,
  type Sort,
  type SortKey,
} from "./admin-format.ts";

const columns: { key: SortKey; label: string; amount?: boolean }[] = [
  { key: "name", label: "Navn" },
  { key: "club", label: "Klubb" },
  { key: "grade", label: "Grad" },
  { key: "companionOf", label: "Ledsager for" },
  { key: "amount", label: ledgerFigureLabels.charged, amount: true },
  { key: "paid", label: ledgerFigureLabels.paid, amount: true },
  { key: "refunded", label: ledgerFigureLabels.refunded, amount: true },
  { key: "payment", label: "Betaling" },
  { key: "status", label: "Status" },
];

export interface ListView {
  query: string;
  status: string;
  sort: Sort;
}

export const initialListView: ListView = { query: "", status: "", sort: { key: "name", direction: "ascending" } };

/** Totals, CSV and the sortable list; a table on a laptop, cards on a phone (DESIGN.md "Admin"). */
export function AdminList({
  people,
  totals,
  year,
  csvUrl,
  csvFileName,
  xlsxUrl,
  xlsxFileName,
  view,
  onViewChange,
  onOpen,
  rowRef,
}: {
  people: AdminPerson[];
  totals: AdminTotals;
  /** The camp they are of: the headings say it. */
  year: number;
  /** Without them (an `innsjekk` account: the files hold allergy texts) no download links. */
  csvUrl?: string;
  csvFileName?: string;
  xlsxUrl?: string;
  xlsxFileName?: string;
  view: ListView;
  onViewChange: (view: ListView) => void;
  onOpen: (key: string) => void;
  rowRef: (key: string, element: HTMLButtonElement | null) => void;
}) {
  const id = useId();
  const shown = useMemo(
    () =>
      sortPeople(
        people.filter((p) => matchesSearch(searchText(p), view.query) && (view.status === "" || p.status === view.status)),
        view.sort,
      ),
    [people, view],
  );
  const [sortAnnouncement, setSortAnnouncement] = useState("");

  function sortBy(key: SortKey, direction?: Sort["direction"]) {
    const next: Sort = {
      key,
      direction: direction ?? (view.sort.key === key && view.sort.direction === "ascending" ? "descending" : "ascending"),
    };
    onViewChange({ ...view, sort: next });
    const label = columns.find((c) => c.key === key)?.label ?? key;
    setSortAnnouncement(`Sortert etter ${label.toLocaleLowerCase("nb-NO")}, ${next.direction === "ascending" ? "stigende" : "synkende"}.`);
  }

  return (
    <>
      <AdminSummary id={id} year={year} totals={totals} csvUrl={csvUrl} csvFileName={csvFileName} xlsxUrl={xlsxUrl} xlsxFileName={xlsxFileName} />

      <section aria-labelledby={`${id}-list`}>
        <h2 id={`${id}-list`}>{participantsTitle(year)}</h2>
        <AdminFilters id={id} view={view} onViewChange={onViewChange} sortBy={sortBy} />

        <p className="result-count">
          Viser {shown.length} av {people.length}. Velg et navn for å se alle opplysningene.
        </p>
        <p className="visually-hidden" role="status">
          {sortAnnouncement}
        </p>

        {shown.length === 0 ? (
          <p>{people.length === 0 ? "Ingen har meldt seg på ennå." : "Ingen påmeldte passer med søket."}</p>
        ) : (
          <table className="data admin-table">
            <caption className="visually-hidden">{participantsTitle(year)}</caption>
            <thead>
              <tr>
                {columns.map((c) => {
                  const active = view.sort.key === c.key;
                  return (
                    <th key={c.key} scope="col" className={c.amount ? "amount" : undefined} aria-sort={active ? view.sort.direction : undefined}>
                      <button type="button" className="sort-button" onClick={() => sortBy(c.key)}>
                        {c.label}
                        <span className="sort-arrow" aria-hidden="true">
                          {active ? (view.sort.direction === "ascending" ? "▲" : "▼") : "↕"}
                        </span>
                      </button>
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {shown.map((p) => (
                <AdminPersonRow key={personKey(p)} person={p} rowRef={rowRef} onOpen={onOpen} />
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}

/** The camp's totals and the download links. */
function AdminSummary({
  id,
  year,
  totals,
  csvUrl,
  csvFileName,
  xlsxUrl,
  xlsxFileName,
}: {
  id: string;
  year: number;
  totals: AdminTotals;
  csvUrl?: string;
  csvFileName?: string;
  xlsxUrl?: string;
  xlsxFileName?: string;
}) {
  return (
    <section aria-labelledby={`${id}-totals`} className="admin-summary">
      <h2 id={`${id}-totals`} className="visually-hidden">
        Oppsummering for vinterleiren {year}
      </h2>
      <dl className="admin-totals">
        <div>
          <dt>Deltakere</dt>
          <dd>{totals.count}</dd>
        </div>
        {campMoneyLines(totals).map(({ label, amount }) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{formatKroner(amount)}</dd>
          </div>
        ))}
      </dl>
      {(xlsxUrl || csvUrl) && (
        <div className="button-row">
          {xlsxUrl && (
            <a className="button secondary" href={xlsxUrl} download={xlsxFileName}>
              Last ned Excel
            </a>
          )}
          {csvUrl && (
            <a className="button secondary" href={csvUrl} download={csvFileName}>
              Last ned CSV
            </a>
          )}
        </div>
      )}
    </section>
  );
}

/** Search, status and the sort for a phone (where the table's headings are not shown). */
function AdminFilters({
  id,
  view,
  onViewChange,
  sortBy,
}: {
  id: string;
  view: ListView;
  onViewChange: (view: ListView) => void;
  sortBy: (key: SortKey, direction?: Sort["direction"]) => void;
}) {
  return (
    <div className="admin-filters">
      <div className="field">
        <label htmlFor={`${id}-query`}>Søk</label>
        <input
          id={`${id}-query`}
          type="search"
          value={view.query}
          onChange={(event) => onViewChange({ ...view, query: event.target.value })}
          aria-describedby={`${id}-query-hint`}
          autoComplete="off"
        />
        <p id={`${id}-query-hint`} className="field-hint">
          Navn, klubb, grad, e-post, telefon eller ordrenummer.
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-status`}>Status</label>
        <select id={`${id}-status`} value={view.status} onChange={(event) => onViewChange({ ...view, status: event.target.value })}>
          <option value="">Alle</option>
          {Object.entries(statusLabels).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="field admin-sort-select">
        <label htmlFor={`${id}-sort`}>Sorter etter</label>
        <select
          id={`${id}-sort`}
          value={`${view.sort.key}:${view.sort.direction}`}
          onChange={(event) => {
            const [key, direction] = event.target.value.split(":") as [SortKey, Sort["direction"]];
            sortBy(key, direction);
          }}
        >
          {columns.flatMap((c) => [
            <option key={`${c.key}:ascending`} value={`${c.key}:ascending`}>
              {c.label} (stigende)
            </option>,
            <option key={`${c.key}:descending`} value={`${c.key}:descending`}>
              {c.label} (synkende)
            </option>,
          ])}
        </select>
      </div>
    </div>
  );
}

/** One person of the list: the name opens the details. */
function AdminPersonRow({
  person: p,
  rowRef,
  onOpen,
}: {
  person: AdminPerson;
  rowRef: (key: string, element: HTMLButtonElement | null) => void;
  onOpen: (key: string) => void;
}) {
  const key = personKey(p);
  return (
    <tr className={p.status === "cancelled" ? "is-cancelled" : undefined}>
      <th scope="row" className="admin-name">
        <button type="button" className="row-open" ref={(element) => rowRef(key, element)} onClick={() => onOpen(key)}>
          {fullName(p)}
        </button>
        {p.isLedsager && <span className="tag">Ledsager</span>}
        {p.group && <span className="tag">Gruppe {p.group}</span>}
        {p.claimUncovered && <span className="tag tag-warning">{claimUncoveredLabel}</span>}
      </th>
      <td data-label="Klubb">{p.club}</td>
      <td data-label="Grad">{p.grade}</td>
      <td data-label="Ledsager for">{companionOf(p)}</td>
      <td data-label={ledgerFigureLabels.charged} className="amount">
        {amountLabel(p.amount)}
      </td>
      <td data-label={ledgerFigureLabels.paid} className="amount">
        {amountLabel(p.paid)}
      </td>
      <td data-label={ledgerFigureLabels.refunded} className="amount">
        {amountLabel(p.refunded)}
      </td>
      <td data-label="Betaling">{paymentLabel(p)}</td>
      <td data-label="Status">
        <span className={`status-badge status-${p.status ?? "unknown"}`}>{statusLabel(p.status)}</span>
      </td>
    </tr>
  );
}
