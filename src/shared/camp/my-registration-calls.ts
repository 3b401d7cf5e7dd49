import { z } from "zod";
import { declareCall, jsonAnswer, publicAccess, textAnswer } from "../api/call.ts";
import { groupMemberParam } from "./camp-my-registration.ts";
import { MyRegistrationActionAnswerSchema } from "./camp-my-registration-view.ts";
import {
  FindMyRegistrationAnswerSchema,
  FindMyRegistrationSchema,
  MyCancellationSchema,
  MyCompanionAddSchema,
  MyGradingSchema,
  MyRegistrationChangeSchema,
} from "./camp-registration-changes.ts";

/**
 * «Min påmelding»'s calls on a camp registration, declared once (src/shared/api/call.ts): the personal link
 * is the path's last segment, and an unknown link answers 404. The season behind a link and a new link are
 * «Min side»'s (src/shared/family/family-calls.ts).
 */

const tag = "Min påmelding";
const unknownLink = "Ukjent lenke.";
const started = "Leiren har startet.";
const tooMany = "For mange forespørsler fra samme adresse på kort tid.";

/** Which registration behind the link an action is for (`?orderId=`); the link's own without it. */
const MemberQuerySchema = z.object({
  [groupMemberParam]: z
    .string()
    .optional()
    .describe(
      "The order id of another athlete of the link's own group (its page shows the whole group); the link's own registration without it. Any other order id answers 404.",
    ),
});

export const myRegistrationCalls = {
  change: declareCall({
    method: "POST",
    path: "/api/MinPamelding/Change/:token",
    access: publicAccess,
    tag,
    summary: "Change the free fields.",
    query: MemberQuerySchema,
    // No body changes nothing.
    body: MyRegistrationChangeSchema.default({}),
    answer: jsonAnswer(MyRegistrationActionAnswerSchema, "The registration as it now stands, and whether anything changed (`changed`)."),
    errors: { 404: unknownLink, 409: started, 429: tooMany },
  }),
  addCompanion: declareCall({
    method: "POST",
    path: "/api/MinPamelding/AddCompanion/:token",
    access: publicAccess,
    tag,
    summary: "Add a companion at the registration's own price.",
    query: MemberQuerySchema,
    body: MyCompanionAddSchema,
    answer: jsonAnswer(MyRegistrationActionAnswerSchema, "The registration, and `payUrl` when the difference is paid with Vipps."),
    errors: { 404: unknownLink, 409: started, 429: tooMany },
  }),
  grading: declareCall({
    method: "POST",
    path: "/api/MinPamelding/Grading/:token",
    access: publicAccess,
    tag,
    summary: "Grading on (priced as registered) or off (refunded by the rule).",
    query: MemberQuerySchema,
    body: MyGradingSchema,
    answer: jsonAnswer(
      MyRegistrationActionAnswerSchema,
      "The registration, `changed`, the `refund`, and `payUrl` when the difference is paid with Vipps.",
    ),
    errors: { 404: unknownLink, 409: started, 429: tooMany },
  }),
  pay: declareCall({
    method: "POST",
    path: "/api/MinPamelding/Pay/:token",
    access: publicAccess,
    tag,
    summary: "The Vipps address for an unpaid difference.",
    query: MemberQuerySchema,
    answer: textAnswer("The Vipps payment address."),
    errors: { 404: "Ukjent lenke, eller ingenting å betale.", 429: tooMany },
  }),
  cancel: declareCall({
    method: "POST",
    path: "/api/MinPamelding/Cancel/:token",
    access: publicAccess,
    tag,
    summary: "Cancel the athlete (the whole registration) or one companion, refunded by the rule.",
    query: MemberQuerySchema,
    body: MyCancellationSchema,
    answer: jsonAnswer(MyRegistrationActionAnswerSchema, "The registration, whether anything changed (`changed`), and the `refund`."),
    errors: { 404: unknownLink, 409: "Det du får tilbake er ikke lenger det som ble vist, eller leiren har startet.", 429: tooMany },
  }),
  find: declareCall({
    method: "POST",
    path: "/api/MinPamelding/Find",
    access: publicAccess,
    tag,
    summary: "Mail one address link to «Min side» (camp and events alike); always the same answer.",
    body: FindMyRegistrationSchema,
    answer: jsonAnswer(FindMyRegistrationAnswerSchema, "`{ message }`, the same whether or not the address is registered."),
    errors: { 429: tooMany },
  }),
};
