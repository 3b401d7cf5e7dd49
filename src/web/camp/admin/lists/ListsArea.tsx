import { ledgerFigureLabels } from "../../../../shared/camp/camp-ledger-labels.ts";
import { useId, useState } from "react";
import type { CampRole } from "../../../../shared/admin/camp-accounts.ts";
import type { AdminPerson } from "../../../../shared/camp/camp-lists.ts";
import {
  companionList,
  gradingList,
  healthDataLists,
  instructorList,
  kitchenList,
  sleepoverList,
  unpaidList,
  arrivedList,
  weekendListIds,
  weekendListTitles,
  type WeekendListId,
} from "../../../../shared/camp/camp-weekend-lists.ts";
import { formatKroner } from "../../../../shared/format.ts";
import { osloDateTimeLabel } from "../../../../shared/format.ts";
import { useAdminData, type AdminSession } from "../../../components/admin/AdminShell.tsx";
import { getCampAdminParticipants } from "../camp-admin-api.ts";
import { campEditionForYear } from "../../../../shared/camp/camp-edition.ts";
import { useCampEditionIfAny } from "../../../lib/camp-edition.tsx";
import { campFileName, weekendListTitle } from "../../../../shared/camp/camp-admin-exports.ts";
import { useAdminEditionYear, useEditionFetcher } from "../admin-edition.tsx";
import { campXlsxUrl } from "../accounts/camp-accounts-api.ts";
import "./lists.css";

const failedMessage = "Klarte ikke hente listene, så du er logget ut. Logg inn på nytt for å prøve igjen.";

/**
 * "Lister": the lists the weekend runs on, one at a time on screen, printable on A4 ("Skriv ut" prints only
 * the list shown) and as Excel. The kitchen list shows allergy texts: only for a `leder`.
 */
export function ListsArea({ session, role }: { session: AdminSession; role: CampRole }) {
  const id = useId();
  const { data } = useAdminData(session, useEditionFetcher(getCampAdminParticipants), failedMessage);
  const lists = weekendListIds.filter((list) => role === "leder" || !healthDataLists.includes(list));
  const [shown, setShown] = useState<WeekendListId>(lists[0]!);
  const year = useAdminEditionYear();

  if (!data)
    return (
      <p className="loading" role="status">
        Laster inn listene...
      </p>
    );
  return (
    <section aria-labelledby={`${id}-heading`} className="weekend-lists">
      <h2 id={`${id}-heading`} className="no-print">
        Lister for vinterleiren {year}
      </h2>
      <div className="list-picker no-print" role="group" aria-label="Velg liste">
        {lists.map((list) => (
          <button
            key={list}
            type="button"
            className={list === shown ? "button" : "button secondary"}
            aria-pressed={list === shown}
            onClick={() => setShown(list)}
          >
            {weekendListTitles[list]}
          </button>
        ))}
      </div>
      <div className="button-row no-print">
        <button type="button" className="button secondary" onClick={() => window.print()}>
          Skriv ut
        </button>
        <a className="button secondary" href={campXlsxUrl(session.token, shown, year)} download={campFileName(year, shown, "xlsx")}>
          Last ned Excel
        </a>
      </div>
      <WeekendList list={shown} people={data} year={year} />
    </section>
  );
}

function WeekendList({ list, people, year }: { list: WeekendListId; people: AdminPerson[]; year: number }) {
  // The shown year's edition (CampAdminAreas provides it); without one, the club's usual settings for the year.
  const provided = useCampEditionIfAny();
  const edition = provided?.year === year ? provided : campEditionForYear(year);
  const title = weekendListTitle(list, year);
  switch (list) {
    case "kjokken":
      return <KitchenList title={title} meals={kitchenList(people, edition)} />;
    case "overnatting":
      return (
        <article className="print-list">
          <h3>{title}</h3>
          {sleepoverList(people, edition).map((night) => (
            <section key={night.night} className="print-group">
              <h4>
                {night.night} ({night.people.length})
              </h4>
              <Table head={["Navn", "Klubb", "Ledsager for"]} rows={night.people.map((p) => [p.name, p.club, p.companionOf])} />
            </section>
          ))}
        </article>
      );
    case "gradering":
      return (
        <article className="print-list">
          <h3>{title}</h3>
          {gradingList(people).map((group) => (
            <section key={group.grade} className="print-group">
              <h4>
                {group.grade} ({group.people.length})
              </h4>
              <Table head={["Navn", "Klubb"]} rows={group.people.map((p) => [p.name, p.club])} />
            </section>
          ))}
        </article>
      );
    case "instruktorer":
      return (
        <article className="print-list">
          <h3>{title}</h3>
          <Table
            head={["Navn", "Klubb", "Grad", "Instruktør i klubben", "Ønsker å instruere"]}
            rows={instructorList(people).map((r) => [r.name, r.club, r.grade, r.instructor, r.wantsToInstruct ? "Ja" : "Nei"])}
          />
        </article>
      );
    case "ledsagere":
      return (
        <article className="print-list">
          <h3>{title}</h3>
          <Table
            head={["Navn", "Ledsager for", "Klubb", "Alder", "Telefon", "Overnatter"]}
            rows={companionList(people).map((r) => [r.name, r.companionOf, r.club, String(r.age), r.telephone, r.sleepover ? "Ja" : "Nei"])}
          />
        </article>
      );
    case "ubetalt":
      return (
        <article className="print-list">
          <h3>{title}</h3>
          <Table
            head={["Navn", "Klubb", "Ordrenummer", "Telefon", "Betalingsmåte", ledgerFigureLabels.outstanding]}
            rows={unpaidList(people).map((r) => [r.name, r.club, r.orderId, r.telephone, r.method, formatKroner(r.remaining)])}
          />
        </article>
      );
    case "kommet":
      return (
        <article className="print-list">
          <h3>{title}</h3>
          {arrivedList(people, edition).map((day) => (
            <section key={day.day} className="print-group">
              <h4>
                {day.day}: {day.people.length} av {day.expected}
              </h4>
              <Table
                head={["Sjekket inn", "Navn", "Klubb", "Ledsager for"]}
                rows={day.people.map((p) => [osloDateTimeLabel(p.at), p.name, p.club, p.companionOf])}
              />
            </section>
          ))}
        </article>
      );
  }
}

function Table({ head, rows }: { head: string[]; rows: string[][] }) {
  if (rows.length === 0) return <p>Ingen.</p>;
  return (
    <table className="admin-table print-table">
      <thead>
        <tr>
          {head.map((cell) => (
            <th key={cell} scope="col">
              {cell}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={index}>
            {row.map((cell, column) => (
              <td key={column} data-label={head[column]}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The kitchen's list: each meal with its counts, and who has allergies. */
function KitchenList({ title, meals }: { title: string; meals: ReturnType<typeof kitchenList> }) {
  return (
    <article className="print-list">
      <h3>{title}</h3>
      {meals.length === 0 && <p>Programmet har ingen måltider.</p>}
      {meals.map((meal) => (
        <section key={`${meal.day}-${meal.from}-${meal.what}`} className="print-group">
          <h4>
            {meal.day} kl. {meal.from}: {meal.what}
          </h4>
          <p>
            <strong>{meal.count}</strong> personer, herav <strong>{meal.vegan}</strong> veganere og <strong>{meal.allergies.length}</strong> med
            allergier.
          </p>
          {meal.allergies.length > 0 && (
            <Table head={["Navn", "Klubb", "Allergier"]} rows={meal.allergies.map((a) => [a.name, a.club, a.allergies])} />
          )}
        </section>
      ))}
    </article>
  );
}
