import { and, eq } from "drizzle-orm";
import { campEditionFromData } from "../../shared/camp/camp-edition-data.ts";
import { calculateCampPrice, type CampPrice } from "../../shared/camp/camp-pricing.ts";
import type { CampRegistration } from "../../shared/camp/camp-registration.ts";
import { siblingRegistration } from "../../shared/camp/camp-siblings.ts";
import type { Db } from "../db/database.ts";
import { referenceData } from "../db/reference-data.ts";
import { eventPayments } from "../db/schema/events-money.ts";
import { HttpError } from "../errors.ts";
import type { RegistrationEdition } from "./camp-edition-cache.ts";
import { vippsUnavailableMessage, type CampPaymentGateway } from "./camp-payment-gateway.ts";
import { campPlaces, lockEditionPlaces } from "./camp-places.ts";
import { answerEarlier, answerFor, findByDraft, type StoredRegistration } from "./camp-registration-answers.ts";
import { CampInputError, campInputMessages, type SubmitAnswer } from "./camp-registration-errors.ts";
import { refuseVippsDuringCamp, verifyAlreadyRegisteredCompanions } from "./camp-registration-checks.ts";
import { moneyOfCharges, paymentMethodFor, writeRegistrationsTogether } from "./camp-registration-write.ts";
import { newOrderId } from "./order-id.ts";
import type { AppServices } from "../services.ts";

/** What a family's registration of several athletes uses (and its answer, camp-registration-answers.ts). */
export type CampGroupDeps = Pick<AppServices, "db" | "now" | "outbox" | "campListsChanged">;

/**
 * Several athletes in one submission sharing the contact details: in one transaction (under the edition's
 * lock when it has a capacity) one registration per athlete, each priced by the shared rules with the
 * current edition, linked by `group_id` (the first athlete's order id). The group is all or nothing: when
 * the free places (or sleepover places) do not fit every athlete, nothing is stored and the answer is a
 * 409 saying so; a group is never split between the list and the waiting list, nor put in line together.
 * A retried draft (the first athlete's draftId) gets the first answer again.
 */
export async function submitCampGroup(
  deps: CampGroupDeps,
  registration: CampRegistration,
  { data, fingerprint }: RegistrationEdition,
  gateway: CampPaymentGateway,
): Promise<SubmitAnswer> {
  const now = deps.now();
  const edition = campEditionFromData(data);
  const earlier = await findByDraft(deps.db, edition.year, registration.draftId);
  if (earlier) return answerEarlier(deps, earlier, registration, gateway);
  refuseVippsDuringCamp(data, registration, now);

  const { clubById, gradeById, grades } = await referenceData(deps.db);
  const athletes = [
    registration,
    ...registration.siblings!.map((sibling) => ({ ...siblingRegistration(registration, sibling), draftId: crypto.randomUUID() })),
  ];
  const paths = ["", ...registration.siblings!.map((_, index) => `siblings.${index}.`)];
  for (const [index, athlete] of athletes.entries()) {
    if (!clubById.has(athlete.clubId)) throw new CampInputError(`${paths[index]}clubId`, campInputMessages.unknownClub);
    if (!gradeById.has(athlete.gradeId)) throw new CampInputError(`${paths[index]}gradeId`, campInputMessages.unknownGrade);
  }
  // Each athlete may bring companions of its own, checked as on the single path.
  for (const [index, athlete] of athletes.entries()) await verifyAlreadyRegisteredCompanions(deps.db, edition.year, athlete, paths[index]);
  const prices = athletes.map((athlete) => calculateCampPrice(athlete, { edition, at: now, grades }));
  const groupTotal = prices.reduce((sum, price) => sum + price.total, 0);
  // With Vipps the group pays once: one payment for the group total on the first athlete, for every athlete of the group.
  const vipps = registration.vipps && groupTotal > 0;
  if (vipps && !gateway.available) throw new CampInputError("vipps", vippsUnavailableMessage);

  // The group's figures for its mail: what the statement charges, nothing paid yet.
  const groupMoney = prices
    .map((price) => moneyOfCharges(price.lines))
    .reduce((sum, figures) => ({ paid: sum.paid + figures.paid, outstanding: sum.outstanding + figures.outstanding }));

  // All athletes are written in one statement, with the group's mail and its family link; when one of them
  // is not (a twin committed first, or an order id taken), the transaction is rolled back and the group drawn
  // again, or answered as the twin.
  const plan: GroupPlan = { registration, data, fingerprint, year: edition.year, now, athletes, prices, groupTotal, vipps, groupMoney };
  const attempt = () => writeGroupOnce(deps.db, plan);
  let stored: Awaited<ReturnType<typeof attempt>> | undefined;
  for (let draw = 0; draw < 5 && stored === undefined; draw++) {
    try {
      stored = await attempt();
    } catch (error) {
      if (!(error instanceof GroupNotWritten)) throw error;
      const twin = await findByDraft(deps.db, edition.year, registration.draftId);
      if (twin) return answerEarlier(deps, twin, registration, gateway);
    }
  }
  if (stored === undefined) throw new Error("No free order ids after 5 draws");
  if ("earlier" in stored) return answerEarlier(deps, stored.earlier!, registration, gateway);
  // Vipps: the group waits for its one payment; the first athlete's order leads to it (and to /vipps/{orderId}).
  if ("lead" in stored && stored.lead) return { ...(await answerFor(deps, stored.lead, gateway, stored.reference)), ...stored.link };
  deps.outbox.kick();
  deps.campListsChanged();
  return { kind: "done", ...stored.link };
}

/** Everything about a group decided before it is written: who, at what price, and how it pays. */
interface GroupPlan {
  registration: CampRegistration;
  data: RegistrationEdition["data"];
  fingerprint: string;
  year: number;
  now: Date;
  athletes: CampRegistration[];
  prices: CampPrice[];
  groupTotal: number;
  vipps: boolean;
  groupMoney: { paid: number; outstanding: number };
}

/**
 * One try at writing the group in one transaction: under the edition's lock when places are limited (then
 * a twin committed first is answered instead), and all or nothing (GroupNotWritten rolls it back).
 */
function writeGroupOnce(db: Db, plan: GroupPlan) {
  const { registration, data, fingerprint, year, now, athletes, prices, groupTotal, vipps, groupMoney } = plan;
  return db.transaction(async (tx) => {
    const limited = data.capacity !== null || (data.sleepoverCapacity !== null && athletes.some((athlete) => athlete.sleepover));
    if (limited) {
      await lockEditionPlaces(tx, year);
      const twin = await findByDraft(tx, year, registration.draftId);
      if (twin) return { earlier: twin };
      // Those already in line for an offer come first (the count's open places and sleepover places leave theirs out).
      const places = await campPlaces(tx, year, data, now);
      if (places.open !== null && places.open < athletes.length)
        throw new HttpError(409, campInputMessages.groupDoesNotFit(places.open, athletes.length));
      const sleepers = athletes.filter((athlete) => athlete.sleepover).length;
      if (sleepers > 0 && places.sleepoversOpen !== null && places.sleepoversOpen < sleepers) {
        throw new HttpError(409, campInputMessages.groupSleepoverFull);
      }
    }
    const orderIds = athletes.map(() => newOrderId(year));
    const groupId = orderIds[0]!;
    const written = await writeRegistrationsTogether(
      tx,
      athletes.map((athlete, index) => ({
        registration: athlete,
        editionYear: year,
        editionFingerprint: fingerprint,
        orderId: orderIds[index]!,
        price: prices[index]!,
        method: vipps ? "vipps" : paymentMethodFor(prices[index]!.total, false),
        status: vipps ? "pending_payment" : "confirmed",
        now,
        groupId,
        // With Vipps only the first athlete holds the payment (for the group total); it is for the whole group.
        payment: vipps ? (index === 0 ? { amount: groupTotal } : "none") : undefined,
        // One mail for the group, the first athlete's, with the group's figures (what the statement charges);
        // the browser's link opens the first athlete and the group.
        confirmationMail: index === 0 && !vipps ? { groupMoney } : false,
        submissionLink: index === 0,
      })),
    );
    if (written.some((athlete) => athlete === undefined)) throw new GroupNotWritten();
    const ids = written.map((athlete) => athlete!.id);
    const submissionToken = written[0]!.submissionToken;
    const link = { registrationId: ids[0]!, ...(submissionToken ? { submissionToken } : {}) };
    if (vipps) {
      const [payment] = await tx
        .select({ id: eventPayments.id, reference: eventPayments.reference })
        .from(eventPayments)
        .where(and(eq(eventPayments.orderId, ids[0]!), eq(eventPayments.ownerKind, "camp")));
      const lead: StoredRegistration = {
        id: ids[0]!,
        orderId: groupId,
        editionYear: year,
        status: "pending_payment",
        total: prices[0]!.total,
        telephone: registration.telephone,
      };
      return { ids, lead, reference: payment!.reference, link };
    }
    return { ids, link };
  });
}

/** One athlete of a group was not written: the whole group is rolled back. */
class GroupNotWritten extends Error {
  constructor() {
    super("An athlete of the group was not written");
  }
}
