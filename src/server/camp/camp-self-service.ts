/**
 * "Min påmelding": what a participant sees, changes and cancels through the personal link. Every change
 * runs in one transaction that first locks the registration's row, so double clicks and concurrent
 * requests take turns; the second finds the work done. Rules and prices come from the registration's own
 * edition (camp-edition-lookup.ts); the refund rule is the same function the camp admin's cancel uses.
 *
 * The parts: this file (cancel, change, the shared lock and messages), camp-self-service-view.ts (what the
 * page shows), camp-self-service-additions.ts (a companion, grading, paying what is owed),
 * camp-self-service-find.ts («Finn påmeldingen min»), camp-self-service-mail.ts (the mails).
 */
import { and, asc, eq } from "drizzle-orm";
import { maySleepOver } from "../../shared/camp/camp-eligibility.ts";
import { myChangeFieldLabels, type MyRegistrationView } from "../../shared/camp/camp-my-registration.ts";
import { campRefund } from "../../shared/camp/camp-pricing.ts";
import type { MyCancellation, MyRegistrationChange } from "../../shared/camp/camp-registration-changes.ts";
import { formatKroner } from "../../shared/format.ts";
import type { Db } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { eventPositions, orderChanges } from "../db/schema/events-orders.ts";
import { HttpError } from "../errors.ts";
import { queueMail } from "../mail/outbox.ts";
import { companionPerson, ledgerFigures } from "../../shared/camp/camp-ledger.ts";
import { planCancellation } from "../../shared/camp/camp-ledger-cancellation.ts";
import { cancelInLedger } from "./camp-ledger-cancel.ts";
import { groupStaying, lockGroup, readLedger } from "./camp-ledger-store.ts";
import { noteUncoveredClaims } from "./camp-companion-claims.ts";
import { editionDataForYear } from "./camp-edition-lookup.ts";
import { campPlaces, lockEditionPlaces } from "./camp-places.ts";
import type { CampPaymentGateway } from "./camp-payment-gateway.ts";
import { createMailLink, personalLinkUrl } from "./camp-personal-link.ts";
import { emailKey } from "../../shared/contact/email-key.ts";
import { CampInputError } from "./camp-registrations.ts";
import { lockCampRegistration, updateCampRegistrations, type CampRegistrationChange } from "./camp-registration-rows.ts";
import { selfServiceMailKey } from "./camp-self-service-mail.ts";
import { cancellationPeople, renderCancellationMail } from "./camp-cancellation-mail.ts";
import { registrantGreeting } from "./camp-greeting.ts";
import { loadClubContact } from "../site-content/club-contact.ts";
import { campStarted, load, methodOf, myRegistrationView, type Loaded } from "./camp-self-service-view.ts";
import type { AppServices } from "../services.ts";

/** What a family's own change uses: a cancellation frees places, so it runs the waiting line. */
export type CampSelfServiceDeps = Pick<AppServices, "db" | "now" | "env" | "outbox" | "waitlist" | "campListsChanged">;

export const selfServiceMessages = {
  notFound: "Fant ikke påmeldingen. Sjekk at du har hele lenken fra e-posten.",
  started: "Leiren har startet, så påmeldingen kan ikke endres eller avbestilles her lenger. Ta kontakt med arrangøren (se «Kontakt» på nettstedet).",
  notConfirmed: "Påmeldingen er ikke bekreftet ennå, så den kan ikke endres her. Fullfør betalingen først.",
  cancelled: "Påmeldingen er avbestilt.",
  personNotFound: "Fant ikke den personen på påmeldingen.",
  refundChanged: (amount: number) => `Det du får tilbake er nå ${formatKroner(amount)}. Se over og bekreft på nytt.`,
  paymentBusy: "Betalingen behandles hos Vipps akkurat nå. Prøv igjen om et minutt.",
  sleepover: "Barn under 12 år fra Ski Taekwondo Klubb kan ikke overnatte i hallen.",
  nothingToPay: "Det er ingenting å betale.",
  sleepoverFull: "Alle overnattingsplassene er tatt, så overnatting kan ikke legges til nå.",
  grading: "Cup-gradering på leiren er bare for barn under 13 år fra Ski Taekwondo Klubb, og dan-gradering for dem som kan gå opp til dan.",
} as const;

/** Who did it, in the money log and the change log. */
export const ACTOR = "deltaker";

export function refuseUnlessChangeable(loaded: Loaded, now: Date) {
  if (loaded.registration.status === "cancelled") throw new HttpError(409, selfServiceMessages.cancelled);
  if (loaded.registration.status !== "confirmed") throw new HttpError(409, selfServiceMessages.notConfirmed);
  if (campStarted(loaded.edition, now)) throw new HttpError(409, selfServiceMessages.started);
}

export async function logChange(tx: Db, registrationId: number, summary: string, now: Date) {
  await tx.insert(orderChanges).values({ orderId: registrationId, ownerKind: "camp", at: now, actor: ACTOR, summary });
}

/** The change log of a registration, oldest first (for the camp admin's person details). */
export async function registrationChanges(db: Db, registrationId: number) {
  const rows = await db
    .select({ at: orderChanges.at, actor: orderChanges.actor, summary: orderChanges.summary })
    .from(orderChanges)
    .where(and(eq(orderChanges.orderId, registrationId), eq(orderChanges.ownerKind, "camp")))
    .orderBy(asc(orderChanges.at), asc(orderChanges.id));
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}

export interface CancelOutcome {
  view: MyRegistrationView;
  changed: boolean;
  refund: number;
}

/**
 * Cancels the athlete (the whole registration) or one companion. The refund is the edition's rule today
 * on that person's share: over Vipps it is queued on the payment in the same transaction (one
 * Idempotency-Key, sent right after and retried by the Vipps job until Vipps answers); card/cash owes that
 * much less at the camp. A whole cancellation frees the athlete's place for the waiting list.
 */
export async function cancelMyRegistration(
  deps: CampSelfServiceDeps,
  gateway: CampPaymentGateway,
  registrationId: number,
  input: MyCancellation,
): Promise<CancelOutcome> {
  // A reservation not yet captured is captured first, so the refund rule applies to money that came in.
  await gateway.settleNow?.(registrationId).catch(() => undefined);
  const now = deps.now();
  const outcome = await deps.db.transaction(async (tx) => {
    await lockCampRegistration(tx, registrationId);
    const loaded = await load(tx, registrationId);
    if (!loaded) throw new HttpError(404, selfServiceMessages.notFound);
    const { registration } = loaded;
    await lockGroup(tx, registration);
    const whole = input.person === "athlete";
    const companion = whole ? undefined : loaded.companions.find((row) => `companion-${row.id}` === input.person);
    if (!whole && !companion) throw new HttpError(404, selfServiceMessages.personNotFound);
    // Done before (a double click, or another tab): the same answer, nothing more.
    if (registration.status === "cancelled" || companion?.cancelledAt) return { loaded, changed: false, refund: 0, whole };
    refuseUnlessChangeable(loaded, now);

    const method = methodOf(loaded.payments);
    const name = whole ? `${registration.firstName} ${registration.lastName}` : `${companion!.firstName} ${companion!.lastName}`;
    // The one cancellation rule, on what was paid for the person (ledger), whatever the payment method.
    const person = whole ? null : companionPerson(companion!.id);
    const cancels = (item: { person: string }) => person === null || item.person === person;
    const rule = (paid: number) => campRefund(paid, loaded.edition, now);
    const planned = planCancellation(loaded.ledger, cancels, rule);
    if (input.expectedRefund !== undefined && input.expectedRefund !== planned.refund)
      throw new HttpError(409, selfServiceMessages.refundChanged(planned.refund));
    // A reservation Vipps has not captured yet: the rule would apply to money that has not come in.
    if (loaded.payments.some((row) => row.method === "vipps" && row.settle === "capture" && row.capturedAmount === 0))
      throw new HttpError(409, selfServiceMessages.paymentBusy);

    if (whole) {
      await updateCampRegistrations(tx, registrationId, { status: "cancelled", cancelledAt: now });
    } else {
      await tx.update(eventPositions).set({ cancelledAt: now }).where(eq(eventPositions.id, companion!.id));
    }
    const what = whole ? "Påmeldingen avbestilt av deltakeren (Min påmelding)." : `Ledsager ${name} avbestilt av deltakeren (Min påmelding).`;
    // The receipt keeps every line as charged and gains the lines that take the cancelled people off.
    const companionNames = new Map(loaded.companions.map((row) => [companionPerson(row.id), `${row.firstName} ${row.lastName}`]));
    const settled = await cancelInLedger(tx, registrationId, cancels, rule, { actor: ACTOR, reason: what, now }, (key) => companionNames.get(key));
    // «Allerede påmeldt» claims elsewhere that leaned on a paying companion cancelled here: the leader is told.
    const gone = (whole ? loaded.companions.filter((row) => !row.cancelledAt) : [companion!]).filter((row) => !row.alreadyRegistered);
    await noteUncoveredClaims(tx, registration.editionYear, registrationId, gone, now);
    const refund = settled.refund;
    await logChange(
      tx,
      registrationId,
      whole ? `Avbestilte hele påmeldingen (refusjon ${refund} kr)` : `Avbestilte ledsager ${name} (refusjon ${refund} kr)`,
      now,
    );
    const token = await createMailLink(tx, registrationId, now);
    const family = whole ? await groupStaying(tx, registration) : undefined;
    const mail = renderCancellationMail(
      {
        orderId: registration.orderId,
        year: registration.editionYear,
        greetingName: await registrantGreeting(tx, registration),
        ...cancellationPeople(registration, loaded.companions, person, family?.names),
        method: method ?? "card_cash",
        settled,
        stillToPay: family ? family.stillToPay : ledgerFigures(await readLedger(tx, registrationId)).outstanding,
        link: personalLinkUrl(deps.env.PUBLIC_BASE_URL, token),
      },
      (await loadClubContact(tx)).general,
    );
    await queueMail(tx, { dedupeKey: selfServiceMailKey(registrationId, `cancel-${input.person}`), to: registration.email, ...mail }, now);
    return { loaded, changed: true, refund, whole };
  });
  if (outcome.changed) {
    // Sends the queued refund now; the Vipps job retries it with the same key if this fails.
    if (outcome.refund > 0) await gateway.settleNow?.(registrationId).catch(() => undefined);
    deps.outbox.kick();
    deps.campListsChanged();
    // The athlete's place is free: the first in line gets an offer (the admin's cancel does the same).
    if (outcome.whole) await deps.waitlist.drain();
  }
  const view = await myRegistrationView(deps.db, registrationId, deps.now());
  if (!view) throw new HttpError(404, selfServiceMessages.notFound);
  return { view, changed: outcome.changed, refund: outcome.refund };
}

/** Free changes (contact details, allergies, food, other information, list consent, sleepover), logged by field name. */
export async function changeMyRegistration(
  deps: CampSelfServiceDeps,
  registrationId: number,
  input: MyRegistrationChange,
): Promise<{ view: MyRegistrationView; changed: string[] }> {
  const now = deps.now();
  const changed = await deps.db.transaction(async (tx) => {
    // A sleepover asked for may take a sleepover place: the edition's lock first, then the registration's row, the
    // order every change to who holds a place takes them in («Ja takk», the waiting-list job, a registration), so
    // this change and an accepted offer wait for each other and never each for the other's second lock.
    if (input.sleepover) {
      const [found] = await tx
        .select({ year: campRegistrations.editionYear })
        .from(campRegistrations)
        .where(eq(campRegistrations.id, registrationId));
      if (found) await lockEditionPlaces(tx, found.year);
    }
    await lockCampRegistration(tx, registrationId);
    const loaded = await load(tx, registrationId);
    if (!loaded) throw new HttpError(404, selfServiceMessages.notFound);
    refuseUnlessChangeable(loaded, now);
    const { registration } = loaded;
    if (input.sleepover && !registration.sleepover && !maySleepOver({ age: registration.age, clubId: registration.clubId }, loaded.edition)) {
      throw new CampInputError("sleepover", selfServiceMessages.sleepover);
    }
    if (input.sleepover && !registration.sleepover) {
      // A sleepover place is taken like the wizard takes it, only while one is free, counted by what is held (an open
      // offer holds its sleeper's). Not by what the line would take: the job offers a freed one at once while
      // registration is open, and after it closes nobody in line is offered one, while a family may change until the camp starts.
      const limits = await editionDataForYear(tx, registration.editionYear);
      if (
        limits.sleepoverCapacity !== null &&
        (await campPlaces(tx, registration.editionYear, limits, now)).sleepoversHeld >= limits.sleepoverCapacity
      )
        throw new HttpError(409, selfServiceMessages.sleepoverFull);
    }
    const fields = (Object.keys(input) as (keyof MyRegistrationChange)[]).filter(
      (field) => input[field] !== undefined && input[field] !== registration[field],
    );
    if (fields.length === 0) return [];
    const change: CampRegistrationChange = {
      ...Object.fromEntries(fields.map((field) => [field, input[field]])),
      // A new address moves the registration to that address's family link (and off the old one's).
      ...(fields.includes("email") ? { emailKey: emailKey(input.email!) ?? null } : {}),
    };
    await updateCampRegistrations(tx, registrationId, change);
    await logChange(tx, registrationId, `Endret ${fields.map((field) => myChangeFieldLabels[field]).join(", ")}`, now);
    return fields;
  });
  if (changed.includes("public")) deps.campListsChanged();
  const view = await myRegistrationView(deps.db, registrationId, deps.now());
  if (!view) throw new HttpError(404, selfServiceMessages.notFound);
  return { view, changed };
}
