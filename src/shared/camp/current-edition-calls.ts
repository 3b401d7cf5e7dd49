import { z } from "zod";
import { declareCall, jsonAnswer, publicAccess } from "../api/call.ts";
import { CurrentEditionAnswerSchema, OpenEditionsAnswerSchema } from "./camp-edition-api.ts";

/**
 * «The» camp's edition for everybody, declared once (src/shared/api/call.ts). Apart from the other public
 * calls (camp-registration-calls.ts and beside it): the edition's schema takes a while to build, so the pages
 * import these when they read the edition, not with the pages that show it.
 */

const tag = "Vinterleir";

/** `?year=`: a published edition's year; anything else is «the» camp, as without it. */
const YearQuerySchema = z.object({ year: z.string().optional().describe("A published edition's year; «the» camp without it.") });

export const currentEditionCalls = {
  current: declareCall({
    method: "GET",
    path: "/api/CampEdition/Current",
    access: publicAccess,
    tag,
    summary:
      "«The» camp (the earliest published edition not yet ended), or with `year` another published edition, and where its registration stands.",
    query: YearQuerySchema,
    answer: jsonAnswer(CurrentEditionAnswerSchema, "The edition, its registration state and the places left."),
    errors: { 404: "Neste vinterleir er ikke kunngjort ennå (eller: året er ikke kunngjort)." },
  }),
  open: declareCall({
    method: "GET",
    path: "/api/CampEdition/Open",
    access: publicAccess,
    tag,
    summary:
      "The published editions taking registrations now (not ended, registration `open` or `full`), oldest first: the wizard asks which camp when there are two.",
    answer: jsonAnswer(OpenEditionsAnswerSchema, "Each edition, its registration state and the places left; empty when none is open."),
  }),
};
