import { participantsTitle, treasurerTitle, weekendListTitle } from "../../shared/camp/camp-admin-exports.ts";
import type { CampEdition } from "../../shared/camp/camp-edition.ts";
import type { TreasurerSummary } from "../../shared/camp/camp-treasurer.ts";
import {
  companionList,
  gradingList,
  instructorList,
  kitchenList,
  sleepoverList,
  unpaidList,
  arrivedList,
  weekendListTitles,
  type WeekendListId,
} from "../../shared/camp/camp-weekend-lists.ts";
import { instructorLabel, paymentMethodLabel, paymentStateLabel, registrationStatusLabel } from "../../shared/camp/camp-state-labels.ts";
import { xlsxSheet, xlsxWorkbook, type AnySheet, type XlsxColumn } from "../exports/xlsx.ts";
import type { AdminPerson } from "./camp-admin.ts";
import { campMoneyLines, ledgerFigureLabels } from "../../shared/camp/camp-ledger-labels.ts";
import { moneyMethodWord } from "../../shared/payments/money-words.ts";

/** The participants as Excel: one row per athlete and companion, the CSV's columns with typed cells. */
const participantColumns: XlsxColumn<AdminPerson>[] = [
  { header: "Status", value: (p) => registrationStatusLabel(p.status), width: 18 },
  { header: "Ordrenummer", value: (p) => p.orderid, width: 14 },
  { header: "Fornavn", value: (p) => p.firstname, width: 16 },
  { header: "Etternavn", value: (p) => p.lastname, width: 18 },
  { header: "Er ledsager", type: "yesno", value: (p) => p.isLedsager },
  { header: "Ledsager for", value: (p) => p.isLedsagerForName ?? "", width: 22 },
  { header: "Alder", type: "number", value: (p) => p.age },
  { header: "Klubb", value: (p) => p.club, width: 24 },
  { header: "Grad", value: (p) => p.grade ?? "", width: 28 },
  { header: "E-post", value: (p) => p.email, width: 28 },
  { header: "Telefon", type: "text", value: (p) => p.telephone, width: 16 },
  { header: "Ønsker gradering", type: "yesno", value: (p) => p.gradering },
  { header: "Overnatter", type: "yesno", value: (p) => p.sleepover },
  { header: "Vises offentlig", type: "yesno", value: (p) => p.public },
  { header: `${ledgerFigureLabels.charged} (kr)`, type: "kroner", value: (p) => p.amount },
  { header: `${ledgerFigureLabels.paid} (kr)`, type: "kroner", value: (p) => p.paid },
  { header: `${ledgerFigureLabels.refunded} (kr)`, type: "kroner", value: (p) => p.refunded },
  { header: `${ledgerFigureLabels.refundOwed} (kr)`, type: "kroner", value: (p) => p.refundOwed },
  { header: `${ledgerFigureLabels.outstanding} (kr)`, type: "kroner", value: (p) => p.outstanding },
  { header: "Vipps", type: "yesno", value: (p) => p.vipps },
  { header: "Veganer", type: "yesno", value: (p) => p.vegan },
  { header: "Instruktør i klubben", value: (p) => instructorLabel(p.instructor), width: 24 },
  { header: "Ønsker å instruere", type: "yesno", value: (p) => p.wantstoinstruct },
  { header: "Allergier", value: (p) => p.allergies, width: 30 },
  { header: "Annen informasjon", value: (p) => p.otherinfo, width: 30 },
  { header: "Transaksjons-id", value: (p) => p.transactionid ?? "" },
  { header: "Betalt med", value: (p) => p.paidWith.map(moneyMethodWord).join(", ") },
  { header: "Tilbakebetalt med", value: (p) => p.refundedWith.map(moneyMethodWord).join(", ") },
  { header: "Betalingsmåte", value: (p) => paymentMethodLabel(p.paymentMethod) },
  { header: "Betalingsstatus", value: (p) => paymentStateLabel(p.paymentState) },
  { header: "Registrert", type: "datetime", value: (p) => p.createdAt, width: 17 },
  { header: "Registrerings-id", type: "number", value: (p) => p.registrationId },
];

/** The participants of the camp of `year`, titled with it. */
export function participantsXlsx(persons: readonly AdminPerson[], year: number): Promise<Buffer> {
  return xlsxWorkbook([xlsxSheet({ name: "Deltakere", columns: participantColumns, rows: persons })], { title: participantsTitle(year) });
}

/**
 * One list of the weekend as Excel, titled as on the screen ("Kjøkken – vinterleiren 2027"); a list in groups
 * (meals, nights, grades) has one row per person with the group in a column.
 */
export function weekendListXlsx(list: WeekendListId, persons: readonly AdminPerson[], edition: CampEdition): Promise<Buffer> {
  return xlsxWorkbook(weekendListSheets(list, persons, edition), { title: weekendListTitle(list, edition.year) });
}

function weekendListSheets(list: WeekendListId, persons: readonly AdminPerson[], edition: CampEdition): AnySheet[] {
  const name = weekendListTitles[list];
  const sheet: SheetOf = (columns, rows, sheetName = name) => xlsxSheet({ name: sheetName, columns, rows });
  switch (list) {
    case "kjokken":
      return kitchenSheets(persons, edition, sheet);
    case "overnatting":
      return [
        sheet(
          [
            { header: "Natt", value: (r) => r.night, width: 24 },
            { header: "Navn", value: (r) => r.name, width: 24 },
            { header: "Klubb", value: (r) => r.club, width: 24 },
            { header: "Ledsager for", value: (r) => r.companionOf, width: 24 },
          ] satisfies XlsxColumn<{ night: string; name: string; club: string; companionOf: string }>[],
          sleepoverList(persons, edition).flatMap((n) => n.people.map((p) => ({ night: n.night, ...p }))),
        ),
      ];
    case "gradering":
      return [
        sheet(
          [
            { header: "Grad", value: (r) => r.grade, width: 30 },
            { header: "Navn", value: (r) => r.name, width: 24 },
            { header: "Klubb", value: (r) => r.club, width: 24 },
          ] satisfies XlsxColumn<{ grade: string; name: string; club: string }>[],
          gradingList(persons).flatMap((g) => g.people.map((p) => ({ grade: g.grade, ...p }))),
        ),
      ];
    case "instruktorer":
      return [
        sheet(
          [
            { header: "Navn", value: (r) => r.name, width: 24 },
            { header: "Klubb", value: (r) => r.club, width: 24 },
            { header: "Grad", value: (r) => r.grade, width: 28 },
            { header: "Instruktør i klubben", value: (r) => r.instructor, width: 26 },
            { header: "Ønsker å instruere", type: "yesno", value: (r) => r.wantsToInstruct },
          ] satisfies XlsxColumn<ReturnType<typeof instructorList>[number]>[],
          instructorList(persons),
        ),
      ];
    case "ledsagere":
      return [
        sheet(
          [
            { header: "Navn", value: (r) => r.name, width: 24 },
            { header: "Ledsager for", value: (r) => r.companionOf, width: 24 },
            { header: "Klubb", value: (r) => r.club, width: 24 },
            { header: "Alder", type: "number", value: (r) => r.age },
            { header: "Telefon", type: "text", value: (r) => r.telephone, width: 16 },
            { header: "Overnatter", type: "yesno", value: (r) => r.sleepover },
          ] satisfies XlsxColumn<ReturnType<typeof companionList>[number]>[],
          companionList(persons),
        ),
      ];
    case "ubetalt":
      return [
        sheet(
          [
            { header: "Navn", value: (r) => r.name, width: 24 },
            { header: "Klubb", value: (r) => r.club, width: 24 },
            { header: "Ordrenummer", value: (r) => r.orderId, width: 14 },
            { header: "Telefon", type: "text", value: (r) => r.telephone, width: 16 },
            { header: "Betalingsmåte", value: (r) => r.method },
            { header: "Personer", type: "number", value: (r) => r.persons },
            { header: `${ledgerFigureLabels.charged} (kr)`, type: "kroner", value: (r) => r.toPay },
            { header: `${ledgerFigureLabels.paid} (kr)`, type: "kroner", value: (r) => r.paid },
            { header: `${ledgerFigureLabels.outstanding} (kr)`, type: "kroner", value: (r) => r.remaining },
          ] satisfies XlsxColumn<ReturnType<typeof unpaidList>[number]>[],
          unpaidList(persons),
        ),
      ];
    case "kommet":
      return [
        sheet(
          [
            { header: "Dag", value: (r) => r.day, width: 18 },
            { header: "Sjekket inn", type: "datetime", value: (r) => r.at, width: 18 },
            { header: "Navn", value: (r) => r.name, width: 24 },
            { header: "Klubb", value: (r) => r.club, width: 24 },
            { header: "Ledsager for", value: (r) => r.companionOf, width: 24 },
          ] satisfies XlsxColumn<{ day: string; at: string; name: string; club: string; companionOf: string }>[],
          arrivedList(persons, edition).flatMap((d) => d.people.map((p) => ({ day: d.day, ...p }))),
        ),
      ];
  }
}

/** One sheet of a list, named as the list unless told otherwise. */
type SheetOf = <Row>(columns: XlsxColumn<Row>[], rows: Row[], sheetName?: string) => AnySheet;

/** The kitchen's list: the meals with their counts, and a sheet of the allergies per meal. */
function kitchenSheets(persons: readonly AdminPerson[], edition: CampEdition, sheet: SheetOf): AnySheet[] {
  const meals = kitchenList(persons, edition);
  return [
    sheet(
      [
        { header: "Dag", value: (m) => m.day, width: 18 },
        { header: "Klokken", value: (m) => m.from },
        { header: "Måltid", value: (m) => m.what, width: 30 },
        { header: "Antall", type: "number", value: (m) => m.count },
        { header: "Veganere", type: "number", value: (m) => m.vegan },
        { header: "Allergier (antall)", type: "number", value: (m) => m.allergies.length },
      ],
      meals,
    ),
    sheet(
      [
        { header: "Dag", value: (r) => r.day, width: 18 },
        { header: "Måltid", value: (r) => r.what, width: 30 },
        { header: "Navn", value: (r) => r.name, width: 24 },
        { header: "Klubb", value: (r) => r.club, width: 24 },
        { header: "Allergier", value: (r) => r.allergies, width: 40 },
      ] satisfies XlsxColumn<{ day: string; what: string; name: string; club: string; allergies: string }>[],
      meals.flatMap((m) => m.allergies.map((a) => ({ day: m.day, what: m.what, ...a }))),
      "Allergier",
    ),
  ];
}

/** The treasurer's summary as Excel, titled with its camp's year: the key figures, then the money per method. */
export function treasurerXlsx(summary: TreasurerSummary): Promise<Buffer> {
  const figures: { what: string; value: number }[] = [
    { what: "Bekreftede påmeldinger", value: summary.registrations },
    { what: "Deltakere (utøvere og ledsagere)", value: summary.participants },
    { what: "Avbestilte påmeldinger", value: summary.cancelledRegistrations },
    // The same lines, in the same words, as the screen's (campMoneyLines).
    ...campMoneyLines(summary).map(({ label, amount }) => ({ what: `${label} (kr)`, value: amount })),
    { what: "Herav tilbakebetalt gjennom Vipps (kr)", value: summary.refundedVipps },
    { what: "Påmeldinger med noe ubetalt", value: summary.unpaidRegistrations },
    { what: `${ledgerFigureLabels.outstanding} på påmeldinger som ikke er avbestilt (kr)`, value: summary.unpaidAmount },
  ];
  return xlsxWorkbook(
    [
      xlsxSheet({
        name: `Oppsummering ${summary.year}`,
        columns: [
          { header: "Hva", value: (r: (typeof figures)[number]) => r.what, width: 46 },
          { header: "Verdi", type: "number", value: (r: (typeof figures)[number]) => r.value, width: 14 },
        ],
        rows: figures,
      }),
      xlsxSheet({
        name: "Per betalingsmåte",
        columns: [
          { header: "Betalingsmåte", value: (m: TreasurerSummary["byMethod"][number]) => moneyMethodWord(m.method), width: 24 },
          { header: "Påmeldinger", type: "number", value: (m: TreasurerSummary["byMethod"][number]) => m.registrations },
          { header: `${ledgerFigureLabels.paid} (kr)`, type: "kroner", value: (m: TreasurerSummary["byMethod"][number]) => m.paid },
          { header: `${ledgerFigureLabels.refunded} (kr)`, type: "kroner", value: (m: TreasurerSummary["byMethod"][number]) => m.refunded },
        ],
        rows: summary.byMethod,
      }),
    ],
    { title: treasurerTitle(summary.year) },
  );
}
