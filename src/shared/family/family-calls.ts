import { declareCall, jsonAnswer, publicAccess } from "../api/call.ts";
import { FamilySeasonSchema, NewLinkAnswerSchema } from "./family-page.ts";

/**
 * «Min side»'s calls, declared once (src/shared/api/call.ts): the season behind a personal link (the path's last
 * segment) and a new link. The camp registration's own actions are in src/shared/camp/my-registration-calls.ts.
 */

const tag = "Min påmelding";

export const familyCalls = {
  season: declareCall({
    method: "GET",
    path: "/api/MinPamelding/Get/:token",
    access: publicAccess,
    tag,
    summary: "The season behind a personal link («Min side»): the camp registration(s) and the event orders.",
    answer: jsonAnswer(
      FamilySeasonSchema,
      "The camp registration's fields as before when the link opens one (persons, receipt, payments and today's refund with its deadline; for an athlete of a group, `group`; for an address's link, `family`), `events` (each event order as `MyEventOrder`) and `link.scope` (address, submission or order).",
    ),
    errors: { 404: "Ukjent, ugyldig eller utløpt lenke." },
  }),
  newLink: declareCall({
    method: "POST",
    path: "/api/MinPamelding/NewLink/:token",
    access: publicAccess,
    tag,
    summary: "End every link to the family's page and mail a new address link to the address.",
    answer: jsonAnswer(NewLinkAnswerSchema, "`{ message }`: the new link is on its way; this link no longer works."),
    errors: {
      403: "Denne lenken kan ikke gi en ny lenke (en påmeldings egen lenke, som aldri er sendt på e-post).",
      404: "Ukjent lenke.",
      429: "For mange forespørsler.",
    },
  }),
};
