/**
 * The camp leader corrects a registration (age, club, grade, grading) with the wizard's rules. The price is
 * worked out again with the registration's own edition and time (calculateCampPrice, as when it was made);
 * each athlete item whose price changes gets a charge for the difference in the ledger. Should the order then
 * hold more than it is charged, the difference goes back (through Vipps where it came in that way, otherwise
 * on the treasurer's «Skal betales tilbake» list). The family is told by mail.
 */
import { eq, isNull } from "drizzle-orm";
import { athletePerson, ledgerFigures, ledgerItems } from "../../shared/camp/camp-ledger.ts";
import { correctionLabel, type ChargeLine } from "../../shared/camp/camp-ledger-receipt.ts";
import { splitRefund } from "../../shared/camp/camp-ledger-cancellation.ts";
import { mayTickGrading } from "../../shared/camp/camp-eligibility.ts";
import { calculateCampPrice } from "../../shared/camp/camp-pricing.ts";
import type { LeaderCorrection } from "../../shared/camp/camp-registration-changes.ts";
import type { Db } from "../db/database.ts";
import { referenceData } from "../db/reference-data.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { campPayment, lockCampPayment } from "../payments/camp-payment-rows.ts";
import { eventPositions, orderChanges } from "../db/schema/events-orders.ts";
import { readCampCompanions } from "./camp-companion-rows.ts";
import { HttpError } from "../errors.ts";
import { queueVippsRefund } from "../payments/queue-refund.ts";
import { campEditionOfYear } from "./camp-edition-lookup.ts";
import { appendCharges, appendEntries, readLedger } from "./camp-ledger-store.ts";
import { CampInputError } from "./camp-registrations.ts";
import { lockCampRegistration, updateCampRegistrations } from "./camp-registration-rows.ts";
import { queueLeaderChangeMail } from "./camp-leader-mail.ts";
import { vippsCaptureDue } from "./checkin/door-payment.ts";
import type { AppServices } from "../services.ts";

/** What the admin's correction uses: its mail carries the family's link (PUBLIC_BASE_URL). */
export type CampCorrectionDeps = Pick<AppServices, "db" | "now" | "env" | "outbox" | "campListsChanged">;

export const correctionMessages = {
  notFound: "Fant ikke registreringen.",
  notConfirmed: "Bare en bekreftet påmelding kan rettes.",
  unknownClub: "Ukjent klubb.",
  unknownGrade: "Ukjent beltegrad.",
  grading: "Cup-gradering på leiren er bare for barn under 13 år fra Ski Taekwondo Klubb, og dan-gradering for dem som kan gå opp til dan.",
  paymentBusy: "Betalingen behandles hos Vipps akkurat nå. Prøv igjen om et minutt.",
} as const;

const athleteItems = ["athlete", "late-fee", "grading"] as const;

/** The corrected fields in the words the leader and the family read (the ledger's reason, the change log). */
const fieldWords: Record<string, string> = { age: "alder", clubId: "klubb", gradeId: "grad", gradering: "gradering" };
const inWords = (fields: readonly string[]) => (fields.length > 0 ? fields : ["gradering"]).map((field) => fieldWords[field] ?? field).join(", ");

export interface CorrectionOutcome {
  changed: string[];
  /** The order's new price, what is left to pay and what goes back because of the correction. */
  total: number;
  outstanding: number;
  refund: number;
}

export async function correctRegistration(
  deps: CampCorrectionDeps,
  registrationId: number,
  input: LeaderCorrection,
  actor: string,
): Promise<CorrectionOutcome> {
  const now = deps.now();
  const { grades, clubs } = await referenceData(deps.db);
  const outcome = await deps.db.transaction(async (tx) => {
    await lockCampRegistration(tx, registrationId);
    const [registration] = await tx.select().from(campRegistrations).where(eq(campRegistrations.id, registrationId));
    if (!registration || registration.anonymisedAt) throw new HttpError(404, correctionMessages.notFound);
    if (registration.status !== "confirmed") throw new HttpError(409, correctionMessages.notConfirmed);
    // Money Vipps has reserved but not taken is not in the ledger yet: a lower price now would find nothing to
    // give back, and the whole reservation would be taken afterwards. Wait until it has come in.
    if (await vippsCaptureDue(tx, registrationId)) throw new HttpError(409, correctionMessages.paymentBusy);
    const merged = { ...registration, ...input };
    if (!clubs.some((club) => club.clubId === merged.clubId)) throw new CampInputError("clubId", correctionMessages.unknownClub);
    if (!grades.some((grade) => grade.gradeId === merged.gradeId)) throw new CampInputError("gradeId", correctionMessages.unknownGrade);
    const edition = await campEditionOfYear(tx, registration.editionYear);
    // The wizard's rule: grading only where it may be ticked (a correction that makes it impossible takes it off).
    if (input.gradering && !mayTickGrading(merged, edition)) throw new CampInputError("gradering", correctionMessages.grading);
    if (merged.gradering && !mayTickGrading(merged, edition)) merged.gradering = false;
    const changed = (Object.keys(input) as (keyof typeof input)[]).filter((field) => merged[field] !== registration[field]);
    if (changed.length === 0 && merged.gradering === registration.gradering) return { changed: [], refund: 0 };

    const companions = await readCampCompanions(tx, registrationId, isNull(eventPositions.cancelledAt));
    const price = calculateCampPrice({ ...merged, ledsagere: companions }, { edition, at: registration.createdAt, grades });
    const entries = await readLedger(tx, registrationId);
    const current = ledgerItems(entries).filter((item) => item.person === athletePerson);
    const charges: ChargeLine[] = [];
    for (const item of athleteItems) {
      const wanted = price.lines.filter((line) => line.kind === item).reduce((sum, line) => sum + line.amount, 0);
      const charged = current.filter((line) => line.item === item).reduce((sum, line) => sum + line.charged, 0);
      if (wanted !== charged) charges.push({ person: athletePerson, item, amount: wanted - charged, label: correctionLabel(item) });
    }
    const reason = `Rettet av leirledelsen (${inWords(changed)}).`;
    await appendCharges(tx, registrationId, charges, { actor, reason, now });
    const difference = charges.reduce((sum, charge) => sum + charge.amount, 0);
    await updateCampRegistrations(tx, registrationId, {
      age: merged.age,
      clubId: merged.clubId,
      gradeId: merged.gradeId,
      gradering: merged.gradering,
    });

    // Held beyond the new price: it goes back in full (the club's correction, not a cancellation).
    const after = ledgerFigures(await readLedger(tx, registrationId));
    let refund = 0;
    if (after.credit > 0) {
      for (const part of splitRefund(await readLedger(tx, registrationId), after.credit)) {
        if (part.paymentId === null) {
          await appendEntries(tx, registrationId, [{ kind: "refund-owed", method: part.method, amount: part.amount }], { actor, reason, now });
        } else {
          await lockCampPayment(tx, part.paymentId);
          const payment = await campPayment(tx, part.paymentId);
          if (!payment || payment.pendingRefundKey) throw new HttpError(409, correctionMessages.paymentBusy);
          await queueVippsRefund(tx, payment, part.amount, actor, `${reason} Tilbake: ${part.amount} kr.`, now);
          await appendEntries(tx, registrationId, [{ kind: "refund", method: "vipps", amount: part.amount, paymentId: part.paymentId }], {
            actor,
            reason,
            now,
          });
        }
        refund += part.amount;
      }
    }
    await tx.insert(orderChanges).values({
      orderId: registrationId,
      ownerKind: "camp",
      at: now,
      actor,
      summary: `Rettet ${inWords(changed)} (prisendring ${difference} kr${refund > 0 ? `, ${refund} kr tilbake` : ""})`,
    });
    await queueLeaderChangeMail(
      tx,
      {
        registration,
        what: `Leirledelsen har rettet påmeldingen med ordrenummer ${registration.orderId}.`,
        subject: `Påmeldingen ${registration.orderId} er rettet`,
        refund,
        key: "correction",
      },
      now,
      deps.env.PUBLIC_BASE_URL,
    );
    return { changed: changed.length > 0 ? changed : ["gradering"], refund };
  });
  if (outcome.changed.length > 0) {
    deps.outbox.kick();
    deps.campListsChanged();
  }
  const figures = ledgerFigures(await readLedger(deps.db as Db, registrationId));
  return { changed: outcome.changed, total: figures.charged, outstanding: figures.outstanding, refund: outcome.refund };
}
