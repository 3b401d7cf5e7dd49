// The fields of one registration as the admin reads them: the list of values and the two free texts.
import type { ReactNode } from "react";
import type { AdminPerson } from "../../../shared/camp/camp-lists.ts";
import { osloDateTimeLabel } from "../../../shared/format.ts";
import { ledgerFigureLabels } from "../../../shared/camp/camp-ledger-labels.ts";
import {
  amountLabel,
  instructorLabel,
  companionOf,
  paymentLabel,
  paymentMethodLabel,
  paymentStateLabel,
  publicLabel,
  statusLabel,
  yesNo,
} from "./admin-format.ts";

/** What an `innsjekk` account sees instead of a text it may not read. */
function hiddenText(present: boolean | undefined): string {
  return present ? "Ja – bare ledere ser hva som står." : "Ingen oppgitt.";
}

function detailRows(person: AdminPerson): [string, ReactNode][] {
  return [
    ["Fornavn", person.firstname],
    ["Etternavn", person.lastname],
    ["Alder", person.age ?? ""],
    ["Klubb", person.club],
    ["Grad", person.grade],
    ["E-post", person.email ? <a href={`mailto:${person.email}`}>{person.email}</a> : ""],
    ["Telefon", person.telephone ? <a href={`tel:${person.telephone.replace(/\s+/g, "")}`}>{person.telephone}</a> : ""],
    ["Ledsager", yesNo(person.isLedsager)],
    ["Ledsager for", companionOf(person)],
    ["Gradering", yesNo(person.gradering)],
    ["Overnatting", yesNo(person.sleepover)],
    ["Vegansk mat", yesNo(person.vegan)],
    ["Instruktør", instructorLabel(person.instructor)],
    ["Vil instruere", yesNo(person.wantstoinstruct)],
    ["Vises på deltakerlisten", publicLabel(person.public)],
    ["Status", statusLabel(person.status)],
    [ledgerFigureLabels.charged, amountLabel(person.amount)],
    [ledgerFigureLabels.paid, amountLabel(person.paid)],
    [ledgerFigureLabels.refunded, amountLabel(person.refunded)],
    [ledgerFigureLabels.refundOwed, amountLabel(person.refundOwed)],
    [ledgerFigureLabels.outstanding, amountLabel(person.outstanding)],
    ["Betaling", paymentLabel(person)],
    ["Betalingsmåte", paymentMethodLabel(person)],
    ["Betalingsstatus", paymentStateLabel(person.paymentState)],
    ["Ordrenummer", person.orderid],
    ["Gruppe", person.group ?? null],
    ...(person.paymentMethod === "vipps" ? [["Vipps-transaksjon", person.transactionid] as [string, ReactNode]] : []),
    ["Påmeldingsnummer", String(person.registrationId)],
    ["Registrert", osloDateTimeLabel(person.createdAt)],
  ];
}

/** Every field of the registration; an `innsjekk` account sees only whether the free texts say anything. */
export function AdminDetailsFields({ person, leder }: { person: AdminPerson; leder: boolean }) {
  return (
    <>
      <dl className="details-list">
        {detailRows(person).map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value === "" || value == null ? <span className="muted">–</span> : value}</dd>
          </div>
        ))}
      </dl>
      <h3>Allergier</h3>
      <p className="long-text">{leder ? person.allergies?.trim() || "Ingen oppgitt." : hiddenText(person.hasAllergies)}</p>
      <h3>Annen informasjon</h3>
      <p className="long-text">{leder ? person.otherinfo?.trim() || "Ingen oppgitt." : hiddenText(person.hasOtherInfo)}</p>
    </>
  );
}
