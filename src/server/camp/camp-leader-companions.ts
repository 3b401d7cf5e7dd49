/**
 * The camp leader adds or removes a companion of a registration («Rett påmeldingen»), with the rules and the
 * ledger a family's own change through Min påmelding goes through:
 * - an added companion is priced with the registration's own edition and time, charged in the ledger and owed
 *   («Å betale») until paid: with Vipps on Min påmelding («Betal med Vipps»), with card or cash at the door;
 * - a removed companion is cancelled by the one cancellation rule on what was paid for them (cancelInLedger):
 *   nothing paid, nothing back and nothing kept; paid, the rule's share goes back (Vipps, or on the treasurer's
 *   «Skal betales tilbake» list). «Allerede påmeldt» claims elsewhere that leaned on a removed paying
 *   companion are noted for the leader, as when a family cancels.
 * Each writes its ledger entries with the leader as actor and a Norwegian reason, logs the change and mails
 * the family.
 */
import { eq } from "drizzle-orm";
import { companionPerson, ledgerFigures } from "../../shared/camp/camp-ledger.ts";
import { campRefund, fullName } from "../../shared/camp/camp-pricing.ts";
import { campSettings } from "../../shared/camp/camp-edition.ts";
import type { LeaderCompanionAdd, LeaderCompanionRemove } from "../../shared/camp/camp-registration-changes.ts";
import type { Db } from "../db/database.ts";
import { referenceData } from "../db/reference-data.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { eventPositions, orderChanges } from "../db/schema/events-orders.ts";
import { readCampCompanions } from "./camp-companion-rows.ts";
import { HttpError } from "../errors.ts";
import { queueMail } from "../mail/outbox.ts";
import { paymentsOfRegistration } from "../payments/group-payments.ts";
import { loadClubContact } from "../site-content/club-contact.ts";
import { noteUncoveredClaims } from "./camp-companion-claims.ts";
import { addChargedCompanion } from "./camp-companion-add.ts";
import { campEditionOfYear } from "./camp-edition-lookup.ts";
import { cancelInLedger } from "./camp-ledger-cancel.ts";
import { readLedger } from "./camp-ledger-store.ts";
import { queueLeaderChangeMail } from "./camp-leader-mail.ts";
import { createMailLink, personalLinkUrl } from "./camp-personal-link.ts";
import { CampInputError } from "./camp-registrations.ts";
import { lockCampRegistration } from "./camp-registration-rows.ts";
import { chargeDifference } from "./camp-charge-difference.ts";
import { methodOf } from "./camp-self-service-view.ts";
import { selfServiceMailKey } from "./camp-self-service-mail.ts";
import { cancellationPeople, renderCancellationMail } from "./camp-cancellation-mail.ts";
import { registrantGreeting } from "./camp-greeting.ts";
import type { AppServices } from "../services.ts";

/** What the admin's change of companions uses: its mail carries the family's link (PUBLIC_BASE_URL). */
export type CampLeaderCompanionDeps = Pick<AppServices, "db" | "now" | "env" | "outbox" | "campListsChanged">;

export const leaderCompanionMessages = {
  notFound: "Fant ikke registreringen.",
  notConfirmed: "Bare en bekreftet påmelding kan rettes.",
  companionNotFound: "Fant ikke den ledsageren på påmeldingen.",
  tooMany: `En påmelding kan ha høyst ${campSettings.limits.maxCompanions} ledsagere.`,
  duplicate: "Den samme ledsageren er lagt inn to ganger.",
  paymentBusy: "Betalingen behandles hos Vipps akkurat nå. Prøv igjen om et minutt.",
} as const;

export interface LeaderCompanionOutcome {
  changed: boolean;
  /** The order's price after the change, what is left to pay, and what goes back because of it. */
  total: number;
  outstanding: number;
  refund: number;
}

async function lockedRegistration(tx: Db, registrationId: number) {
  await lockCampRegistration(tx, registrationId);
  const [registration] = await tx.select().from(campRegistrations).where(eq(campRegistrations.id, registrationId));
  if (!registration || registration.anonymisedAt) throw new HttpError(404, leaderCompanionMessages.notFound);
  if (registration.status !== "confirmed") throw new HttpError(409, leaderCompanionMessages.notConfirmed);
  return registration;
}

async function outcomeOf(db: Db, registrationId: number, changed: boolean, refund: number): Promise<LeaderCompanionOutcome> {
  const figures = ledgerFigures(await readLedger(db, registrationId));
  return { changed, total: figures.charged, outstanding: figures.outstanding, refund };
}

export async function leaderAddCompanion(
  deps: CampLeaderCompanionDeps,
  registrationId: number,
  input: LeaderCompanionAdd,
  actor: string,
): Promise<LeaderCompanionOutcome> {
  const now = deps.now();
  const { grades } = await referenceData(deps.db);
  await deps.db.transaction(async (tx) => {
    const registration = await lockedRegistration(tx, registrationId);
    const companions = await readCampCompanions(tx, registrationId);
    if (companions.filter((companion) => !companion.cancelledAt).length >= campSettings.limits.maxCompanions)
      throw new CampInputError("ledsagere", leaderCompanionMessages.tooMany);
    if (companions.some((companion) => companion.clientId === input.id)) throw new CampInputError("id", leaderCompanionMessages.duplicate);
    const edition = await campEditionOfYear(tx, registration.editionYear);
    const name = fullName(input);
    const amount = await addChargedCompanion(tx, {
      registration,
      companions,
      edition,
      grades,
      input,
      actor,
      reason: `Ledsager ${name} lagt til av leirledelsen.`,
      now,
    });
    // Owed until paid: a Vipps order gets an attempt the family pays on Min påmelding; card/cash owes it at the door.
    await chargeDifference(tx, { registration, payments: await paymentsOfRegistration(tx, registrationId) }, amount, now);
    await tx
      .insert(orderChanges)
      .values({ orderId: registrationId, ownerKind: "camp", at: now, actor, summary: `Leirledelsen la til ledsager ${name} (${amount} kr)` });
    await queueLeaderChangeMail(
      tx,
      {
        registration,
        what: `Leirledelsen har lagt til ledsager ${name} på påmeldingen med ordrenummer ${registration.orderId}.`,
        subject: `Påmeldingen ${registration.orderId} er endret`,
        refund: 0,
        key: "leader-add-companion",
      },
      now,
      deps.env.PUBLIC_BASE_URL,
    );
  });
  deps.outbox.kick();
  deps.campListsChanged();
  return outcomeOf(deps.db, registrationId, true, 0);
}

export async function leaderRemoveCompanion(
  deps: CampLeaderCompanionDeps,
  registrationId: number,
  { companionId }: LeaderCompanionRemove,
  actor: string,
): Promise<LeaderCompanionOutcome> {
  const now = deps.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const registration = await lockedRegistration(tx, registrationId);
    const [companion] = await readCampCompanions(tx, registrationId, eq(eventPositions.id, companionId));
    if (!companion) throw new HttpError(404, leaderCompanionMessages.companionNotFound);
    // Done before (a double click, another tab): the same answer, nothing more.
    if (companion.cancelledAt) return { changed: false, refund: 0 };
    const paymentRows = await paymentsOfRegistration(tx, registrationId);
    // A reservation Vipps has not captured yet: the rule would apply to money that has not come in.
    if (paymentRows.some((row) => row.method === "vipps" && row.settle === "capture" && row.capturedAmount === 0))
      throw new HttpError(409, leaderCompanionMessages.paymentBusy);
    const edition = await campEditionOfYear(tx, registration.editionYear);
    const name = fullName(companion);
    // Who comes as the leader removes one: the mail names who was removed and who stays.
    const before = await readCampCompanions(tx, registrationId);
    await tx.update(eventPositions).set({ cancelledAt: now }).where(eq(eventPositions.id, companion.id));
    const person = companionPerson(companion.id);
    const settled = await cancelInLedger(
      tx,
      registrationId,
      (item) => item.person === person,
      (paid) => campRefund(paid, edition, now),
      {
        actor,
        reason: `Ledsager ${name} fjernet av leirledelsen.`,
        now,
      },
      // The receipt keeps the companion's line and gains the one that takes them off.
      () => name,
    );
    if (!companion.alreadyRegistered) await noteUncoveredClaims(tx, registration.editionYear, registrationId, [companion], now);
    await tx.insert(orderChanges).values({
      orderId: registrationId,
      ownerKind: "camp",
      at: now,
      actor,
      summary: `Leirledelsen fjernet ledsager ${name} (refusjon ${settled.refund} kr)`,
    });
    const mail = renderCancellationMail(
      {
        orderId: registration.orderId,
        year: registration.editionYear,
        greetingName: await registrantGreeting(tx, registration),
        ...cancellationPeople(registration, before, person),
        method: methodOf(paymentRows) ?? "card_cash",
        settled,
        stillToPay: ledgerFigures(await readLedger(tx, registrationId)).outstanding,
        link: personalLinkUrl(deps.env.PUBLIC_BASE_URL, await createMailLink(tx, registrationId, now)),
        byLeader: true,
      },
      (await loadClubContact(tx)).general,
    );
    await queueMail(tx, { dedupeKey: selfServiceMailKey(registrationId, `leader-remove-${companion.id}`), to: registration.email, ...mail }, now);
    return { changed: true, refund: settled.refund };
  });
  if (outcome.changed) {
    deps.outbox.kick();
    deps.campListsChanged();
  }
  return outcomeOf(deps.db, registrationId, outcome.changed, outcome.refund);
}
