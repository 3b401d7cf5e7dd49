import { declareCall, jsonAnswer, publicAccess, textAnswer } from "../api/call.ts";
import { CampPriceQuoteSchema } from "./camp-athletes.ts";
import { CampRegistrationSchema } from "./camp-registration.ts";
import { waitlistAnswer } from "./camp-waitlist.ts";

/**
 * Registering for the winter camp and its price, declared once (src/shared/api/call.ts). Each page loads only
 * the declarations it calls: the public lists are in camp-list-calls.ts, the clubs and grades the forms offer
 * in club-grade-calls.ts, «the» camp's edition in current-edition-calls.ts (its schema is large, and the
 * pages load it when they read it).
 */

const tag = "Vinterleir";
const tooMany = "For mange innsendinger fra samme adresse på kort tid.";
const tooLarge = "Forespørselen er for stor.";

export const campRegistrationCalls = {
  register: declareCall({
    method: "POST",
    path: "/api/Vinterleir/Post",
    access: publicAccess,
    tag,
    summary:
      "Register for the camp; optional `siblings`: up to 10 further athletes sharing the contact details, stored as one group (all or nothing).",
    description:
      "With `vipps: true` a group pays once: one Vipps payment for the group total (its order is the first athlete's), and the answer is its payment address.",
    body: CampRegistrationSchema,
    answer: textAnswer(
      `Read as text: \`Done\` (registered, nothing to pay now), \`${waitlistAnswer}\` (on the waiting list), or the payment address to follow.`,
    ),
    errors: {
      409: "Påmeldingen er ikke åpen (ennå, eller lenger), eller en gruppe får ikke plass i sin helhet; ingenting er lagret.",
      413: tooLarge,
      429: tooMany,
    },
  }),
  price: declareCall({
    method: "POST",
    path: "/api/Vinterleir/Price",
    access: publicAccess,
    tag,
    summary: "The price lines a registration (with its `siblings`) would be charged now, per athlete; nothing is stored.",
    description: "The same schema, edition, grades and clock as `/api/Vinterleir/Post`: the wizard's review and payment steps show these lines.",
    body: CampRegistrationSchema,
    answer: jsonAnswer(CampPriceQuoteSchema, "Each athlete's name, price lines and total, and the total for all."),
    errors: { 409: "Det er ingen vinterleir å melde seg på nå.", 413: tooLarge, 429: tooMany },
  }),
};
