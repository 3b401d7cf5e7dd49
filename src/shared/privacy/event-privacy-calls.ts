import { z } from "zod";
import { campAccess, declareCall, fileAnswer, jsonAnswer } from "../api/call.ts";

/**
 * An event order's privacy calls for a `leder`, declared once (src/shared/api/call.ts): everything held under
 * the order's address as a file (an access request), and blanking the order now (a request to be forgotten).
 */

const tag = "Arrangement-admin";
const notLeder = "Bare en leder kan gjøre dette.";
const orderNotFound = "Fant ikke ordren.";

/** What blanking an order answers; a repeat answers `changed: false`. */
export const EventOrderForgetAnswerSchema = z.object({ changed: z.boolean(), orderId: z.string(), anonymisedAt: z.string() });

export const eventPrivacyCalls = {
  personExport: declareCall({
    method: "GET",
    path: "/api/ArrangementAdmin/PersonExport/:orderId/:token",
    access: campAccess("leder"),
    tag,
    summary:
      "Everything held under an order's e-mail address — its camp registrations and its grading, course and gear orders — as a JSON download (access requests; only a `leder`).",
    answer: fileAnswer("application/json", "A JSON download: `email`, `campRegistrations`, `eventOrders`, `mails`."),
    errors: { 403: notLeder, 404: orderNotFound },
  }),
  forgetOrder: declareCall({
    method: "POST",
    path: "/api/ArrangementAdmin/Forget/:orderId/:token",
    access: campAccess("leder"),
    tag,
    summary: "Blank an order's personal data now, as the rule after the event does; items, payments and ledger stay (only a `leder`).",
    answer: jsonAnswer(EventOrderForgetAnswerSchema, "`{ changed, orderId, anonymisedAt }`; a repeat answers `changed: false`."),
    errors: {
      403: notLeder,
      404: orderNotFound,
      409: "En Vipps-betaling behandles fortsatt, eller ordren står på ventelisten.",
    },
  }),
};
