/**
 * The leader's open cases of «allerede påmeldt» companions left without a payer
 * (docs/decisions/0046-already-registered-companion-cases.md): opened where a paying companion goes
 * (camp-companion-claims.ts), listed for the leader, and decided once:
 * - «charge»: the companion's fee is charged on the companion's own registration (a ledger charge with its
 *   reason), the companion becomes a paying one, the fee is asked for as any addition is (a Vipps attempt on Min
 *   påmelding, or at the door), and the family is mailed what is now owed with the link to their page;
 * - «free»: a 0 kr charge line records the decision and the leader's reason in the ledger, and the change log
 *   says it; nothing is owed and no mail goes.
 * The decision is one conditional update under the registration's lock: a second leader gets 409 and who decided.
 */
import { and, asc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import { companionPerson, ledgerFigures } from "../../shared/camp/camp-ledger.ts";
import { calculateCampPrice } from "../../shared/camp/camp-pricing.ts";
import {
  type CompanionCaseDecisionSchema,
  chargedCompanionLabel,
  chargedCompanionMailText,
  companionCaseMessages,
  freeCompanionLabel,
  type CompanionCase,
  type CompanionCaseOutcome,
} from "../../shared/camp/companion-cases.ts";
import type { Grade } from "../../shared/camp/grades.ts";
import type { Db } from "../db/database.ts";
import { referenceData } from "../db/reference-data.ts";
import { campRegistrationColumns, campRegistrations } from "../db/schema/camp.ts";
import { campCompanionCases } from "../db/schema/camp-companion-cases.ts";
import { eventLedgerEntries } from "../db/schema/events-money.ts";
import { eventPositions, orderChanges } from "../db/schema/events-orders.ts";
import { HttpError } from "../errors.ts";
import { paymentsOfRegistration } from "../payments/group-payments.ts";
import { campCompanionWithId, readCampCompanions } from "./camp-companion-rows.ts";
import { campEditionOfYear } from "./camp-edition-lookup.ts";
import { appendCharges, readLedger } from "./camp-ledger-store.ts";
import { queueLeaderChangeMail } from "./camp-leader-mail.ts";
import { lockCampRegistration } from "./camp-registration-rows.ts";
import { chargeDifference } from "./camp-charge-difference.ts";
import type { AppServices } from "../services.ts";

/** What settling a companion case uses: its mail carries the family's link (PUBLIC_BASE_URL). */
export type CampCompanionCaseDeps = Pick<AppServices, "db" | "now" | "env" | "outbox" | "campListsChanged">;

type Registration = typeof campRegistrations.$inferSelect;

/** Where the leader's own words start in a «free» decision's ledger reason (what forgetting takes off). */
const freeReasonMarker = "Leirledelsen lar ledsageren være med uten å betale: ";

/** Opens a case for each claim (once per companion: a case already there, decided or not, stays as it is). */
export async function openCompanionCases(
  tx: Db,
  claims: readonly { companionId: number; registrationId: number }[],
  payingRegistrationId: number,
  now: Date,
): Promise<void> {
  if (claims.length === 0) return;
  const [paying] = await tx
    .select({ status: campRegistrations.status })
    .from(campRegistrations)
    .where(eq(campRegistrations.id, payingRegistrationId));
  const cause = paying?.status === "cancelled" ? "registration-cancelled" : "companion-cancelled";
  await tx
    .insert(campCompanionCases)
    .values(claims.map((claim) => ({ ...claim, payingRegistrationId, cause, openedAt: now }) as const))
    .onConflictDoNothing();
}

/** What charging the companion adds: the fee as the registration was priced (its edition, its time). */
async function companionFee(db: Db, registration: Registration, grades: readonly Grade[]): Promise<number> {
  const edition = await campEditionOfYear(db, registration.editionYear);
  const price = calculateCampPrice(
    { ...registration, ledsagere: [{ firstName: "", lastName: "", alreadyRegistered: false }] },
    { edition, at: registration.createdAt, grades },
  );
  return price.lines.find((line) => line.kind === "companion")?.amount ?? 0;
}

const paying = alias(campRegistrations, "paying");

/** The edition's open cases, oldest first: undecided, the companion and their registration still coming. */
export async function openCompanionCasesOf(db: Db, editionYear: number): Promise<CompanionCase[]> {
  const rows = await db
    .select({
      case: campCompanionCases,
      registration: campRegistrationColumns,
      companionFirstName: sql<string>`${eventPositions.firstName}`,
      companionLastName: sql<string>`${eventPositions.lastName}`,
      payingOrderId: paying.orderId,
      payingFirstName: paying.firstName,
      payingLastName: paying.lastName,
    })
    .from(campCompanionCases)
    .innerJoin(eventPositions, eq(eventPositions.id, campCompanionCases.companionId))
    .innerJoin(campRegistrations, eq(campRegistrations.id, campCompanionCases.registrationId))
    .innerJoin(paying, eq(paying.id, campCompanionCases.payingRegistrationId))
    .where(
      and(
        eq(campRegistrations.editionYear, editionYear),
        isNull(campCompanionCases.decidedAt),
        isNull(eventPositions.cancelledAt),
        ne(campRegistrations.status, "cancelled"),
        isNull(campRegistrations.anonymisedAt),
      ),
    )
    .orderBy(asc(campCompanionCases.openedAt), asc(campCompanionCases.id));
  if (rows.length === 0) return [];
  const { grades } = await referenceData(db);
  const cases: CompanionCase[] = [];
  for (const row of rows) {
    cases.push({
      id: row.case.id,
      companionId: row.case.companionId,
      companionName: `${row.companionFirstName} ${row.companionLastName}`,
      registrationId: row.registration.id,
      orderId: row.registration.orderId,
      athleteName: `${row.registration.firstName} ${row.registration.lastName}`,
      payingOrderId: row.payingOrderId,
      payingAthleteName: `${row.payingFirstName} ${row.payingLastName}`,
      cause: row.case.cause,
      openedAt: row.case.openedAt.toISOString(),
      fee: await companionFee(db, row.registration, grades),
      chargeable: row.registration.status === "confirmed",
    });
  }
  return cases;
}

/** The leader decides a case: once, by whoever comes first. */
export async function decideCompanionCase(
  deps: CampCompanionCaseDeps,
  caseId: number,
  input: z.output<typeof CompanionCaseDecisionSchema>,
  actor: string,
): Promise<CompanionCaseOutcome> {
  const now = deps.now();
  const { grades } = await referenceData(deps.db);
  const outcome = await deps.db.transaction(async (tx) => {
    const [found] = await tx.select().from(campCompanionCases).where(eq(campCompanionCases.id, caseId));
    if (!found) throw new HttpError(404, companionCaseMessages.notFound);
    // The registration's lock first, as every change of its money takes it; then the case as it is now.
    await lockCampRegistration(tx, found.registrationId);
    const [current] = await tx.select().from(campCompanionCases).where(eq(campCompanionCases.id, caseId));
    if (current!.decision) throw new HttpError(409, companionCaseMessages.decided(current!.decidedBy!, current!.decision));
    const [registration] = await tx.select().from(campRegistrations).where(eq(campRegistrations.id, found.registrationId));
    const [companion] = await readCampCompanions(tx, found.registrationId, campCompanionWithId(found.companionId));
    if (!registration || registration.anonymisedAt || registration.status === "cancelled" || !companion || companion.cancelledAt)
      throw new HttpError(409, companionCaseMessages.gone);
    if (input.decision === "charge" && registration.status !== "confirmed") throw new HttpError(409, companionCaseMessages.notConfirmed);
    const amount = input.decision === "charge" ? await companionFee(tx, registration, grades) : 0;
    // The one decision: a leader who comes second finds it taken (the row lock makes the second wait and re-read).
    const taken = await tx
      .update(campCompanionCases)
      .set({
        decision: input.decision,
        decidedAt: now,
        decidedBy: actor,
        reason: input.decision === "free" ? input.reason : null,
        amount: input.decision === "charge" ? amount : null,
      })
      .where(and(eq(campCompanionCases.id, caseId), isNull(campCompanionCases.decision)))
      .returning({ id: campCompanionCases.id });
    if (taken.length === 0) {
      const [again] = await tx.select().from(campCompanionCases).where(eq(campCompanionCases.id, caseId));
      throw new HttpError(409, companionCaseMessages.decided(again!.decidedBy!, again!.decision!));
    }
    const name = `${companion.firstName} ${companion.lastName}`;
    const person = companionPerson(companion.id);
    if (input.decision === "free") {
      // Nothing owed: a 0 kr line on the companion's receipt records the decision and its reason in the ledger.
      await appendCharges(tx, registration.id, [{ person, item: "companion", amount: 0, label: freeCompanionLabel(name) }], {
        actor,
        reason: `Ledsager ${name} var oppgitt som allerede påmeldt, men den som betalte er avbestilt. ${freeReasonMarker}${input.reason}`,
        now,
      });
      await tx.insert(orderChanges).values({
        orderId: registration.id,
        ownerKind: "camp",
        at: now,
        actor,
        summary: `Leirledelsen lar ledsager ${name} være med uten å betale: ${input.reason}`,
      });
      return { decision: "free" as const, amount: 0 };
    }
    await appendCharges(tx, registration.id, [{ person, item: "companion", amount, label: chargedCompanionLabel(name) }], {
      actor,
      reason: `Ledsager ${name} var oppgitt som allerede påmeldt, men den som betalte er avbestilt. Leirledelsen tar betalt for ledsageren.`,
      now,
    });
    // A paying companion from now on: no longer a claim, and may cover another registration's claim.
    await tx
      .update(eventPositions)
      .set({ answers: sql`coalesce(${eventPositions.answers}, '{}'::jsonb) || '{"alreadyRegistered": false}'::jsonb` })
      .where(eq(eventPositions.id, companion.id));
    // Owed until paid: a Vipps order gets an attempt the family pays on Min påmelding; card/cash owes it at the door.
    await chargeDifference(tx, { registration, payments: await paymentsOfRegistration(tx, registration.id) }, amount, now);
    await tx.insert(orderChanges).values({
      orderId: registration.id,
      ownerKind: "camp",
      at: now,
      actor,
      summary: `Leirledelsen tok betalt for ledsager ${name} (${amount} kr), som var oppgitt som allerede påmeldt`,
    });
    await queueLeaderChangeMail(
      tx,
      {
        registration,
        what: chargedCompanionMailText(name, registration.orderId, amount),
        subject: `Påmeldingen ${registration.orderId} er endret`,
        refund: 0,
        key: `companion-case-${caseId}`,
      },
      now,
      deps.env.PUBLIC_BASE_URL,
    );
    return { decision: "charge" as const, amount };
  });
  deps.outbox.kick();
  deps.campListsChanged();
  const figures = ledgerFigures(await readLedger(deps.db, (await caseRegistration(deps.db, caseId))!));
  return { ...outcome, outstanding: figures.outstanding };
}

async function caseRegistration(db: Db, caseId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ registrationId: campCompanionCases.registrationId })
    .from(campCompanionCases)
    .where(eq(campCompanionCases.id, caseId));
  return row?.registrationId;
}

/** The companions of these registrations the leader let come free: their claim is settled, no longer flagged. */
export async function companionsLetFree(db: Pick<Db, "select">, registrationIds: readonly number[]): Promise<Set<number>> {
  if (registrationIds.length === 0) return new Set();
  const rows = await db
    .select({ companionId: campCompanionCases.companionId })
    .from(campCompanionCases)
    .where(and(inArray(campCompanionCases.registrationId, [...registrationIds]), eq(campCompanionCases.decision, "free")));
  return new Set(rows.map((row) => row.companionId));
}

/**
 * Forgetting registrations (privacy/retention.ts): their own cases go, and the leader's typed reason for letting a
 * companion come free leaves their ledger (it may say anything about the family); the entry and its amount stay.
 * Cases where a forgotten registration was the payer stay for the other family's leader to decide.
 */
export async function forgetCompanionCases(tx: Db, registrationIds: readonly number[]): Promise<void> {
  if (registrationIds.length === 0) return;
  await tx
    .update(eventLedgerEntries)
    .set({ reason: sql`split_part(${eventLedgerEntries.reason}, ${freeReasonMarker}::text, 1) || ${freeReasonMarker.replace(/: $/, ".")}::text` })
    .where(
      and(
        inArray(eventLedgerEntries.orderId, [...registrationIds]),
        eq(eventLedgerEntries.ownerKind, "camp"),
        eq(eventLedgerEntries.kind, "charge"),
        sql`position(${freeReasonMarker}::text in ${eventLedgerEntries.reason}) > 0`,
      ),
    );
  await tx.delete(campCompanionCases).where(inArray(campCompanionCases.registrationId, [...registrationIds]));
}
