import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { resolveCampEdition } from "../../shared/camp/camp-edition.ts";
import { calculateCampPrice } from "../../shared/camp/camp-pricing.ts";
import { CampRegistrationSchema, type CampRegistration } from "../../shared/camp/camp-registration.ts";
import type { Db } from "../db/database.ts";
import { campCompanions, campPriceLines, campRegistrations, payments, type PaymentMethod } from "../db/schema/camp.ts";
import { clubs } from "../db/schema/clubs.ts";
import { grades } from "../db/schema/grades.ts";
import { HttpError, parseWith } from "../errors.ts";
import { queueCampConfirmationMail } from "./camp-confirmation-mail.ts";
import { vippsUnavailableMessage, type CampPaymentGateway } from "./camp-payment-gateway.ts";
import { newOrderId } from "./order-id.ts";

/** A 400 about one field, answered as `{ error, issues: [{ path, message }] }` like a schema failure. */
export class CampInputError extends HttpError {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(400, message);
    this.name = "CampInputError";
  }
}

export const campInputMessages = {
  unknownClub: "Ukjent klubb.",
  unknownGrade: "Ukjent grad.",
  companionNotFound: (name: string) =>
    `Vi finner ingen påmeldt ledsager som heter ${name} med det telefonnummeret på årets leir. ` +
    "Sjekk navn og telefonnummer, eller fjern avkrysningen for «allerede påmeldt».",
} as const;

export type SubmitAnswer = { kind: "done" } | { kind: "redirect"; url: string };

interface StoredRegistration {
  id: number;
  orderId: string;
  editionYear: number;
  status: "pending_payment" | "confirmed" | "cancelled";
  total: number;
  telephone: string;
}

const storedColumns = {
  id: campRegistrations.id,
  orderId: campRegistrations.orderId,
  editionYear: campRegistrations.editionYear,
  status: campRegistrations.status,
  total: campRegistrations.total,
  telephone: campRegistrations.telephone,
};

/**
 * POST /api/Vinterleir/Post. Validates with the shared schema, checks what only the database knows,
 * charges the server's own price and stores everything in one short transaction (no network inside).
 * A retried draft (same draftId in the edition) gets the first answer again and stores nothing.
 */
export async function submitCampRegistration(app: FastifyInstance, body: unknown, gateway: CampPaymentGateway): Promise<SubmitAnswer> {
  const registration = parseWith(CampRegistrationSchema, body);
  const now = app.now();
  const edition = resolveCampEdition(now, app.env.CAMP_YEAR);

  const earlier = await findByDraft(app.db, edition.year, registration.draftId);
  if (earlier?.status === "pending_payment" && !registration.vipps && gateway.releasePendingPayment) {
    // An unpaid online attempt, and now card/cash: switch the registration once no attempt can be paid.
    if ((await gateway.releasePendingPayment(earlier.id)) === "released") await switchToCardCash(app, earlier.id);
    return { kind: "done" };
  }
  if (earlier) return answerFor(app.db, earlier, gateway);

  const [club] = await app.db.select({ clubId: clubs.clubId }).from(clubs).where(eq(clubs.clubId, registration.clubId));
  if (!club) throw new CampInputError("clubId", campInputMessages.unknownClub);
  const gradeList = await app.db.select().from(grades);
  if (!gradeList.some((grade) => grade.gradeId === registration.gradeId)) {
    throw new CampInputError("gradeId", campInputMessages.unknownGrade);
  }
  await verifyAlreadyRegisteredCompanions(app.db, edition.year, registration);

  const price = calculateCampPrice(registration, { edition, at: now, grades: gradeList });
  const method: PaymentMethod = price.total === 0 ? "free" : registration.vipps ? "vipps" : "card_cash";
  if (method === "vipps" && !gateway.available) throw new CampInputError("vipps", vippsUnavailableMessage);
  const status = method === "vipps" ? "pending_payment" : "confirmed";

  const { stored, created } = await app.db.transaction(async (tx) => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const orderId = newOrderId(edition.year);
      // DO NOTHING on either unique key: a concurrent twin of this draft, or (rarely) a taken order id.
      const [row] = await tx
        .insert(campRegistrations)
        .values({
          editionYear: edition.year,
          draftId: registration.draftId,
          orderId,
          firstName: registration.firstName,
          lastName: registration.lastName,
          age: registration.age,
          email: registration.email,
          telephone: registration.telephone,
          allergies: registration.allergies,
          clubId: registration.clubId,
          gradeId: registration.gradeId,
          gradering: registration.gradering,
          hasLedsager: registration.hasLedsager,
          otherInfo: registration.otherInfo,
          sleepover: registration.sleepover,
          vegan: registration.vegan,
          instructor: registration.instructor,
          public: registration.public === true,
          vipps: registration.vipps,
          wantsToInstruct: registration.wantsToInstruct,
          dataConsent: registration.dataConsent,
          termsAccepted: registration.termsAccepted,
          total: price.total,
          status,
          createdAt: now,
          confirmedAt: status === "confirmed" ? now : null,
        })
        .onConflictDoNothing()
        .returning(storedColumns);
      if (!row) {
        const twin = await findByDraft(tx, edition.year, registration.draftId);
        if (twin) return { stored: twin, created: false };
        continue; // The order id was taken: draw another.
      }
      const companionLines = price.lines.filter((line) => line.kind === "companion");
      if (registration.ledsagere.length) {
        await tx.insert(campCompanions).values(
          registration.ledsagere.map((companion, position) => ({
            registrationId: row.id,
            position,
            clientId: companion.id,
            firstName: companion.firstName,
            lastName: companion.lastName,
            age: companion.age,
            telephone: companion.telephone,
            email: companion.email,
            sleepover: companion.sleepover,
            alreadyRegistered: companion.alreadyRegistered,
            amount: companionLines[position]!.amount,
          })),
        );
      }
      await tx
        .insert(campPriceLines)
        .values(price.lines.map((line, position) => ({ registrationId: row.id, position, kind: line.kind, label: line.label, amount: line.amount })));
      await tx.insert(payments).values({
        registrationId: row.id,
        // Each online attempt has its own reference; card/cash and free settle under the order id.
        reference: method === "vipps" ? `${orderId}-1` : orderId,
        method,
        amount: price.total,
        state: method === "card_cash" ? "unpaid" : method === "free" ? "paid" : "created",
        createdAt: now,
        updatedAt: now,
      });
      if (status === "confirmed") await queueCampConfirmationMail(tx, row.id, now);
      return { stored: row, created: true };
    }
    throw new Error("No free order id after 5 draws");
  });

  if (created && stored.status === "confirmed") {
    app.outbox.kick();
    app.campListsChanged();
  }
  return answerFor(app.db, stored, gateway);
}

/** Confirms a pending registration with card/cash at the camp (after its online attempts were ended). */
async function switchToCardCash(app: FastifyInstance, registrationId: number): Promise<void> {
  const now = app.now();
  const switched = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .update(campRegistrations)
      .set({ vipps: false, status: "confirmed", confirmedAt: now })
      .where(and(eq(campRegistrations.id, registrationId), eq(campRegistrations.status, "pending_payment")))
      .returning({ orderId: campRegistrations.orderId, total: campRegistrations.total });
    if (!row) return false;
    await tx
      .insert(payments)
      .values({ registrationId, reference: row.orderId, method: "card_cash", amount: row.total, state: "unpaid", createdAt: now, updatedAt: now })
      .onConflictDoNothing();
    await queueCampConfirmationMail(tx, registrationId, now);
    return true;
  });
  if (switched) app.outbox.kick();
}

/** The same answer for the first submission and every retry of the draft. */
async function answerFor(db: Db, registration: StoredRegistration, gateway: CampPaymentGateway): Promise<SubmitAnswer> {
  if (registration.status !== "pending_payment") return { kind: "done" };
  // The latest attempt: the gateway decides whether it can be reused or needs a successor.
  const [payment] = await db
    .select({ reference: payments.reference })
    .from(payments)
    .where(eq(payments.registrationId, registration.id))
    .orderBy(desc(payments.id))
    .limit(1);
  if (!payment) throw new Error(`Camp registration ${registration.id} awaits payment but has no payment row`);
  const url = await gateway.createPaymentRedirect({
    registrationId: registration.id,
    orderId: registration.orderId,
    editionYear: registration.editionYear,
    amount: registration.total,
    paymentReference: payment.reference,
    telephone: registration.telephone,
  });
  return { kind: "redirect", url };
}

async function findByDraft(db: Db, editionYear: number, draftId: string): Promise<StoredRegistration | undefined> {
  const [row] = await db
    .select(storedColumns)
    .from(campRegistrations)
    .where(and(eq(campRegistrations.editionYear, editionYear), eq(campRegistrations.draftId, draftId)));
  return row;
}

/** Case- and space-insensitive: "Kari  Nordmann" and "kari nordmann" are the same person here. */
export function personKey(firstName: string, lastName: string, telephone: string): string {
  const squash = (value: string) => value.toLocaleLowerCase("nb-NO").replace(/\s+/g, "");
  return `${squash(firstName)}|${squash(lastName)}|${squash(telephone)}`;
}

/**
 * A companion ticked "allerede påmeldt" is not charged, so it must be a paying companion (not itself
 * "already registered") of a confirmed registration of this edition, found by name and telephone.
 */
async function verifyAlreadyRegisteredCompanions(db: Db, editionYear: number, registration: CampRegistration): Promise<void> {
  const claimed = registration.ledsagere.map((companion, index) => ({ companion, index })).filter(({ companion }) => companion.alreadyRegistered);
  if (claimed.length === 0) return;
  const known = await db
    .select({ firstName: campCompanions.firstName, lastName: campCompanions.lastName, telephone: campCompanions.telephone })
    .from(campCompanions)
    .innerJoin(campRegistrations, eq(campRegistrations.id, campCompanions.registrationId))
    .where(
      and(
        eq(campRegistrations.editionYear, editionYear),
        eq(campRegistrations.status, "confirmed"),
        eq(campCompanions.alreadyRegistered, false),
      ),
    );
  const keys = new Set(known.map((row) => personKey(row.firstName, row.lastName, row.telephone)));
  for (const { companion, index } of claimed) {
    if (!keys.has(personKey(companion.firstName, companion.lastName, companion.telephone))) {
      throw new CampInputError(`ledsagere.${index}.alreadyRegistered`, campInputMessages.companionNotFound(`${companion.firstName} ${companion.lastName}`));
    }
  }
}
