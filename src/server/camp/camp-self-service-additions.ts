/**
 * What a family adds through "Min påmelding": a companion, grading, and paying what is owed. Each charge is
 * owed until paid: with Vipps a new attempt, with card/cash at the camp.
 */
import { mayTickGrading } from "../../shared/camp/camp-eligibility.ts";
import type { MyRegistrationView } from "../../shared/camp/camp-my-registration.ts";
import { calculateCampPrice, campRefund } from "../../shared/camp/camp-pricing.ts";
import { campSettings } from "../../shared/camp/camp-edition.ts";
import { referenceData } from "../db/reference-data.ts";
import type { MyCompanionAdd, MyGrading } from "../../shared/camp/camp-registration-changes.ts";
import { HttpError } from "../errors.ts";
import { athletePerson, ledgerFigures } from "../../shared/camp/camp-ledger.ts";
import { appendCharges } from "./camp-ledger-store.ts";
import { cancelInLedger } from "./camp-ledger-cancel.ts";
import { addChargedCompanion } from "./camp-companion-add.ts";
import type { CampPaymentGateway } from "./camp-payment-gateway.ts";
import { CampInputError } from "./camp-registrations.ts";
import { lockCampRegistration, updateCampRegistrations } from "./camp-registration-rows.ts";
import { ACTOR, logChange, refuseUnlessChangeable, selfServiceMessages } from "./camp-self-service.ts";
import { load, myRegistrationView } from "./camp-self-service-view.ts";
import { chargeDifference } from "./camp-charge-difference.ts";
import type { AppServices } from "../services.ts";

/** What a family's additions use (the payment goes through the gateway passed beside them). */
export type CampAdditionDeps = Pick<AppServices, "db" | "now">;

export interface AddCompanionOutcome {
  view: MyRegistrationView;
  /** Where to pay the difference with Vipps, when the registration is paid with Vipps. */
  payUrl?: string;
}

/**
 * Adds a companion: priced by the server with the registration's own edition and its early-bird state at
 * registration (calculateCampPrice at the registration's time). The receipt gets the companion's line and
 * the total grows; with Vipps the difference is a new payment attempt ("change"), with card/cash it is paid
 * at the camp.
 */
export async function addMyCompanion(
  deps: CampAdditionDeps,
  gateway: CampPaymentGateway,
  registrationId: number,
  input: MyCompanionAdd,
): Promise<AddCompanionOutcome> {
  const now = deps.now();
  const { grades } = await referenceData(deps.db);
  const added = await deps.db.transaction(async (tx) => {
    await lockCampRegistration(tx, registrationId);
    const loaded = await load(tx, registrationId);
    if (!loaded) throw new HttpError(404, selfServiceMessages.notFound);
    refuseUnlessChangeable(loaded, now);
    const { registration } = loaded;
    const active = loaded.companions.filter((companion) => !companion.cancelledAt);
    if (active.length >= campSettings.limits.maxCompanions)
      throw new CampInputError("ledsagere", `Du kan legge inn høyst ${campSettings.limits.maxCompanions} ledsagere.`);
    if (loaded.companions.some((companion) => companion.clientId === input.id))
      throw new CampInputError("id", "Den samme ledsageren er lagt inn to ganger.");
    const amount = await addChargedCompanion(tx, {
      registration,
      companions: loaded.companions,
      edition: loaded.edition,
      grades,
      input,
      actor: ACTOR,
      reason: `Ledsager ${input.firstName} ${input.lastName} lagt til (Min påmelding)`,
      now,
    });
    const reference = await chargeDifference(tx, loaded, amount, now);
    await logChange(tx, registrationId, `La til ledsager ${input.firstName} ${input.lastName} (${amount} kr)`, now);
    return { reference, amount, registration };
  });
  let payUrl: string | undefined;
  if (added.reference) {
    payUrl = await gateway.createPaymentRedirect({
      registrationId,
      orderId: added.registration.orderId,
      editionYear: added.registration.editionYear,
      amount: added.amount,
      paymentReference: added.reference,
      telephone: added.registration.telephone,
    });
  }
  const view = await myRegistrationView(deps.db, registrationId, deps.now());
  if (!view) throw new HttpError(404, selfServiceMessages.notFound);
  return { view, ...(payUrl ? { payUrl } : {}) };
}

/** "Betal resten": the open difference of a change, at Vipps again (the same attempt while it can still be paid). */
export async function payMyOutstanding(deps: CampAdditionDeps, gateway: CampPaymentGateway, registrationId: number): Promise<string> {
  const loaded = await load(deps.db, registrationId);
  if (!loaded) throw new HttpError(404, selfServiceMessages.notFound);
  refuseUnlessChangeable(loaded, deps.now());
  const change = [...loaded.payments].reverse().find((row) => row.kind === "change" && row.method === "vipps");
  if (!change || change.capturedAmount > 0 || ledgerFigures(loaded.ledger).outstanding < change.amount)
    throw new HttpError(409, selfServiceMessages.nothingToPay);
  const { registration } = loaded;
  return gateway.createPaymentRedirect({
    registrationId,
    orderId: registration.orderId,
    editionYear: registration.editionYear,
    amount: change.amount,
    paymentReference: change.reference,
    telephone: registration.telephone,
  });
}

export interface GradingOutcome {
  view: MyRegistrationView;
  changed: boolean;
  refund: number;
  payUrl?: string;
}

/**
 * Grading on or off. On: the wizard's rule, priced like the registration (its edition, its time); with Vipps
 * the fee is a new payment attempt, with card/cash it is owed at the camp. Off: the fee comes back by the
 * refund rule (Vipps) or is no longer owed (card/cash); the receipt gets a line that takes it off.
 */
export async function setMyGrading(
  deps: CampAdditionDeps,
  gateway: CampPaymentGateway,
  registrationId: number,
  { gradering }: MyGrading,
): Promise<GradingOutcome> {
  const now = deps.now();
  const { grades } = await referenceData(deps.db);
  const outcome = await deps.db.transaction(async (tx) => {
    await lockCampRegistration(tx, registrationId);
    const loaded = await load(tx, registrationId);
    if (!loaded) throw new HttpError(404, selfServiceMessages.notFound);
    const { registration } = loaded;
    if (registration.gradering === gradering) return { changed: false, refund: 0 };
    refuseUnlessChangeable(loaded, now);
    if (gradering) {
      if (!mayTickGrading(registration, loaded.edition)) throw new CampInputError("gradering", selfServiceMessages.grading);
      const price = calculateCampPrice(
        { ...registration, gradering: true, ledsagere: [] },
        { edition: loaded.edition, at: registration.createdAt, grades },
      );
      const line = price.lines.find((priced) => priced.kind === "grading")!;
      await updateCampRegistrations(tx, registrationId, { gradering: true });
      await appendCharges(tx, registrationId, [{ person: athletePerson, item: "grading", amount: line.amount, label: line.label }], {
        actor: ACTOR,
        reason: "Gradering lagt til (Min påmelding)",
        now,
      });
      const reference = await chargeDifference(tx, loaded, line.amount, now);
      await logChange(tx, registrationId, `La til gradering (${line.amount} kr)`, now);
      return { changed: true, refund: 0, reference, amount: line.amount, registration };
    }
    if (loaded.payments.some((row) => row.method === "vipps" && row.settle === "capture" && row.capturedAmount === 0))
      throw new HttpError(409, selfServiceMessages.paymentBusy);
    await updateCampRegistrations(tx, registrationId, { gradering: false });
    // The one cancellation rule on what was paid for grading; an unpaid fee is simply removed.
    const settled = await cancelInLedger(
      tx,
      registrationId,
      (item) => item.person === athletePerson && item.item === "grading",
      (paid) => campRefund(paid, loaded.edition, now),
      { actor: ACTOR, reason: "Gradering avbestilt av deltakeren (Min påmelding).", now },
    );
    const refund = settled.refund;
    await logChange(tx, registrationId, `Tok bort gradering (refusjon ${refund} kr)`, now);
    return { changed: true, refund };
  });
  if (outcome.refund > 0) await gateway.settleNow?.(registrationId).catch(() => undefined);
  let payUrl: string | undefined;
  if ("reference" in outcome && outcome.reference) {
    payUrl = await gateway.createPaymentRedirect({
      registrationId,
      orderId: outcome.registration!.orderId,
      editionYear: outcome.registration!.editionYear,
      amount: outcome.amount!,
      paymentReference: outcome.reference,
      telephone: outcome.registration!.telephone,
    });
  }
  const view = await myRegistrationView(deps.db, registrationId, deps.now());
  if (!view) throw new HttpError(404, selfServiceMessages.notFound);
  return { view, changed: outcome.changed, refund: outcome.refund, ...(payUrl ? { payUrl } : {}) };
}
