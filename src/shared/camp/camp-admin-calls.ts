import { z } from "zod";
import { campAccountMessages } from "../admin/camp-accounts.ts";
import { campAccess, declareCall, fileAnswer, jsonAnswer } from "../api/call.ts";
import {
  CampAdminActionAnswerSchema,
  CampCorrectionAnswerSchema,
  CampForgetAnswerSchema,
  CampVippsRefundAnswerSchema,
  LeaderCompanionAnswerSchema,
  LedgerFiguresSchema,
  RegistrationChangeSchema,
} from "./camp-admin-answers.ts";
import { CampPaymentDetailsSchema, RefundBodySchema } from "../payments/vipps-payment.ts";
import { LedgerHistorySchema } from "./camp-ledger-history.ts";
import { AdminPersonSchema, AdminTotalsSchema } from "./camp-lists.ts";
import { LeaderCompanionAddSchema, LeaderCompanionRemoveSchema, LeaderCorrectionSchema } from "./camp-registration-changes.ts";
import { MarkPaidSchema, RefundPaidSchema, TreasurerSummarySchema, refundPaidMessages } from "./camp-treasurer.ts";
import { WaitlistEntrySchema, WaitlistMoveSchema } from "./camp-waitlist.ts";
import { CompanionCaseDecisionSchema, CompanionCaseOutcomeSchema, CompanionCaseSchema, companionCaseMessages } from "./companion-cases.ts";

/**
 * The camp admin's calls (Vinterleir-admin), declared once (src/shared/api/call.ts), each with a camp
 * account's token as its last path segment: the list, the totals and marking a card or cash payment for every
 * account that sees the camp's data, the rest for a `leder`. The lists show «the» camp, or `?year=` another
 * edition.
 */

const tag = "Vinterleir-admin";
const leder = campAccess("leder");
const notLeader = campAccountMessages.forbidden;
const noRegistration = "Fant ikke registreringen.";
const notOnWaitlist = "Fant ikke noen på ventelisten med den id-en.";
const xlsx = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const paymentBusy = "Betalingen behandles hos Vipps akkurat nå. Prøv igjen om et minutt.";

/** `?year=`: another edition's year (2000–2100); anything else is «the» camp's, as without it. */
export const EditionYearQuerySchema = z.object({
  year: z.string().optional().describe("Another edition's year (an earlier or a later camp); «the» camp without it."),
});

export const campAdminCalls = {
  participants: declareCall({
    method: "GET",
    path: "/api/VinterleirAdmin/Get/:token",
    access: campAccess(),
    tag,
    summary: "Every registration of an edition (an `innsjekk` account without the allergy and other-information texts).",
    query: EditionYearQuerySchema,
    answer: jsonAnswer(z.array(AdminPersonSchema), "The registrations."),
    errors: { 403: notLeader },
  }),
  totals: declareCall({
    method: "GET",
    path: "/api/VinterleirAdmin/Totals/:token",
    access: campAccess(),
    tag,
    summary: "An edition's totals.",
    query: EditionYearQuerySchema,
    answer: jsonAnswer(AdminTotalsSchema, "The totals."),
    errors: { 403: notLeader },
  }),
  csv: declareCall({
    method: "GET",
    path: "/api/VinterleirAdmin/GetCsv/:token",
    access: leder,
    tag,
    summary: "The participants as CSV.",
    query: EditionYearQuerySchema,
    answer: fileAnswer("text/csv", "A CSV download."),
    errors: { 403: notLeader },
  }),
  changes: declareCall({
    method: "GET",
    path: "/api/VinterleirAdmin/Changes/:registrationId/:token",
    access: campAccess(),
    tag,
    summary: "A registration's change log (changes made through Min påmelding).",
    answer: jsonAnswer(z.array(RegistrationChangeSchema), "The changes, oldest first (when, what, by whom); none for an unknown registration."),
    errors: { 403: notLeader },
  }),
  ledger: declareCall({
    method: "GET",
    path: "/api/VinterleirAdmin/Ledger/:registrationId/:token",
    access: campAccess(),
    tag,
    summary: "A registration's ledger entries for «Historikk»: time, who, what, amount and the Norwegian reason.",
    answer: jsonAnswer(LedgerHistorySchema, "The entries, oldest first."),
    errors: { 403: notLeader, 404: noRegistration },
  }),
  markPaid: declareCall({
    method: "POST",
    path: "/api/VinterleirAdmin/MarkPaid/:registrationId/:token",
    access: campAccess(),
    tag,
    summary: "Card or cash received (without a method: card or cash, not said).",
    body: MarkPaidSchema.default({}),
    answer: jsonAnswer(CampAdminActionAnswerSchema, "Marked paid: the registration and its payment."),
    errors: { 403: notLeader, 404: noRegistration, 409: "Bare betaling med kort eller kontant kan markeres som betalt her." },
  }),
  refundPaid: declareCall({
    method: "POST",
    path: "/api/VinterleirAdmin/RefundPaid/:registrationId/:token",
    access: leder,
    tag,
    summary: "Money owed back outside Vipps is paid back (the treasurer's «Skal betales tilbake» list).",
    body: RefundPaidSchema,
    answer: jsonAnswer(LedgerFiguresSchema, "The order's ledger figures after it."),
    errors: { 403: notLeader, 404: noRegistration, 409: refundPaidMessages.notOwed },
  }),
  correct: declareCall({
    method: "POST",
    path: "/api/VinterleirAdmin/Correct/:registrationId/:token",
    access: leder,
    tag,
    summary:
      "The leader corrects age, club, grade or grading with the wizard's rules; a price change goes through the ledger and the family is mailed.",
    body: LeaderCorrectionSchema.default({}),
    answer: jsonAnswer(CampCorrectionAnswerSchema, "What changed, the new total, what is left to pay and what goes back."),
    errors: {
      400: "Breaks a rule (unknown club or grade, grading not allowed).",
      403: notLeader,
      404: noRegistration,
      409: `Bare en bekreftet påmelding kan rettes. Eller: ${paymentBusy}`,
    },
  }),
  addCompanion: declareCall({
    method: "POST",
    path: "/api/VinterleirAdmin/AddCompanion/:registrationId/:token",
    access: leder,
    tag,
    summary: "The leader adds a companion; it is charged in the ledger, owed until paid, and the family is mailed.",
    body: LeaderCompanionAddSchema,
    answer: jsonAnswer(LeaderCompanionAnswerSchema, "The new total, what is left to pay."),
    errors: {
      400: "Breaks a rule (too many companions, the same one twice).",
      403: notLeader,
      404: noRegistration,
      409: "Bare en bekreftet påmelding kan rettes.",
    },
  }),
  removeCompanion: declareCall({
    method: "POST",
    path: "/api/VinterleirAdmin/RemoveCompanion/:registrationId/:token",
    access: leder,
    tag,
    summary: "The leader removes a companion by the cancellation rule on what was paid for them; the family is mailed.",
    body: LeaderCompanionRemoveSchema,
    answer: jsonAnswer(LeaderCompanionAnswerSchema, "Whether it changed, the new total, what is left to pay and what goes back."),
    errors: {
      400: "Breaks a rule.",
      403: notLeader,
      404: `${noRegistration} Eller: Fant ikke den ledsageren på påmeldingen.`,
      409: `Bare en bekreftet påmelding kan rettes. Eller: ${paymentBusy}`,
    },
  }),
  companionCases: declareCall({
    method: "GET",
    path: "/api/VinterleirAdmin/CompanionCases/:token",
    access: leder,
    tag,
    summary: "The open cases of «allerede påmeldt» companions whose paying registration (or paying companion) is cancelled.",
    query: EditionYearQuerySchema,
    answer: jsonAnswer(z.array(CompanionCaseSchema), "The cases, oldest first."),
    errors: { 403: notLeader },
  }),
  companionCase: declareCall({
    method: "POST",
    path: "/api/VinterleirAdmin/CompanionCase/:caseId/:token",
    access: leder,
    tag,
    summary:
      "The leader decides a case once: charge the companion's fee on their own registration (the family is mailed), or let them come free with a reason.",
    body: CompanionCaseDecisionSchema,
    answer: jsonAnswer(CompanionCaseOutcomeSchema, "What was charged and what the registration has left to pay."),
    errors: {
      400: "Breaks a rule.",
      403: notLeader,
      404: companionCaseMessages.notFound,
      409: `${companionCaseMessages.gone} Eller: ${companionCaseMessages.notConfirmed} Eller: already decided (names who decided).`,
    },
  }),
  cancel: declareCall({
    method: "POST",
    path: "/api/VinterleirAdmin/Cancel/:registrationId/:token",
    access: leder,
    tag,
    summary: "Cancel a registration.",
    answer: jsonAnswer(CampAdminActionAnswerSchema, "Cancelled: the registration, its payment and what the refund rule gives back."),
    errors: {
      403: notLeader,
      404: noRegistration,
      409: "A group's one Vipps payment is not yet approved, or an approved Vipps reservation could not yet be captured.",
    },
  }),
  waitlist: declareCall({
    method: "GET",
    path: "/api/VinterleirAdmin/Waitlist/:token",
    access: leder,
    tag,
    summary: "The waiting list, in order.",
    query: EditionYearQuerySchema,
    answer: jsonAnswer(z.array(WaitlistEntrySchema), "The waiting list."),
    errors: { 403: notLeader },
  }),
  waitlistRemove: declareCall({
    method: "POST",
    path: "/api/VinterleirAdmin/Waitlist/Remove/:registrationId/:token",
    access: leder,
    tag,
    summary: "Remove one from the waiting list.",
    answer: jsonAnswer(z.array(WaitlistEntrySchema), "Removed: the waiting list of that edition."),
    errors: { 403: notLeader, 404: notOnWaitlist },
  }),
  waitlistMove: declareCall({
    method: "POST",
    path: "/api/VinterleirAdmin/Waitlist/Move/:registrationId/:token",
    access: leder,
    tag,
    summary: "Move one to a place in line.",
    body: WaitlistMoveSchema,
    answer: jsonAnswer(z.array(WaitlistEntrySchema), "Moved: the waiting list of that edition."),
    errors: { 403: notLeader, 404: notOnWaitlist },
  }),
  xlsx: declareCall({
    method: "GET",
    path: "/api/VinterleirAdmin/GetXlsx/:token",
    access: leder,
    tag,
    summary: "Every participant as Excel (leder only).",
    query: EditionYearQuerySchema,
    answer: fileAnswer(xlsx, "An XLSX download: one row per person, typed cells, Oslo times, frozen header and filter."),
    errors: { 403: notLeader },
  }),
  listXlsx: declareCall({
    method: "GET",
    path: "/api/VinterleirAdmin/GetXlsx/:list/:token",
    access: campAccess(),
    tag,
    summary: "A weekend list as Excel: kjokken, overnatting, gradering, instruktorer, ledsagere, ubetalt, kommet, or kasserer (the summary).",
    query: EditionYearQuerySchema,
    answer: fileAnswer(xlsx, "An XLSX download."),
    errors: { 403: `${notLeader} (The kitchen list and the summary are for a leder.)`, 404: "Fant ikke listen." },
  }),
  treasurer: declareCall({
    method: "GET",
    path: "/api/VinterleirAdmin/Treasurer/:token",
    access: leder,
    tag,
    summary: "The treasurer's summary (leder only).",
    query: EditionYearQuerySchema,
    answer: jsonAnswer(TreasurerSummarySchema, "Participants, money by method, refunds, unpaid."),
    errors: { 403: notLeader },
  }),
  payments: declareCall({
    method: "GET",
    path: "/api/VinterleirAdmin/Payments/:registrationId/:token",
    access: campAccess(),
    tag,
    summary: "A registration's payments, money log and refund rule.",
    answer: jsonAnswer(CampPaymentDetailsSchema, "The payment details."),
    errors: { 403: notLeader, 404: noRegistration },
  }),
  refund: declareCall({
    method: "POST",
    path: "/api/VinterleirAdmin/Refund/:registrationId/:token",
    access: leder,
    tag,
    summary: "Refund through Vipps.",
    body: RefundBodySchema.default({}),
    answer: jsonAnswer(CampVippsRefundAnswerSchema, "Refunded (202: Vipps has not answered yet).", [200, 202]),
    errors: { 400: "Not that much can be refunded.", 403: notLeader, 404: "Fant ingen Vipps-betaling på registreringen.", 409: "Not possible now." },
  }),
  personExport: declareCall({
    method: "GET",
    path: "/api/VinterleirAdmin/PersonExport/:registrationId/:token",
    access: leder,
    tag,
    summary: "Everything held about a registration, and every grading, course and gear order of its e-mail address, as a JSON download.",
    answer: fileAnswer("application/json", "A JSON download."),
    errors: { 403: notLeader, 404: noRegistration },
  }),
  forget: declareCall({
    method: "POST",
    path: "/api/VinterleirAdmin/Forget/:registrationId/:token",
    access: leder,
    tag,
    summary: "Anonymise a registration now (the payments are kept).",
    answer: jsonAnswer(CampForgetAnswerSchema, "Anonymised."),
    errors: { 403: notLeader, 404: noRegistration },
  }),
};
