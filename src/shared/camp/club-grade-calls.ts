import { z } from "zod";
import { declareCall, jsonAnswer, publicAccess } from "../api/call.ts";
import { ClubSchema, GradeSchema } from "./grades.ts";

/** The clubs and grades the camp's and the events' forms offer, declared once (src/shared/api/call.ts). */

const tag = "Vinterleir";

export const clubGradeCalls = {
  clubs: declareCall({
    method: "GET",
    path: "/api/Club/Get",
    access: publicAccess,
    tag,
    summary: "The clubs.",
    answer: jsonAnswer(z.array(ClubSchema), "Every club, in Norwegian alphabetical order."),
  }),
  grades: declareCall({
    method: "GET",
    path: "/api/Grade/Get",
    access: publicAccess,
    tag,
    summary: "The grades (belts).",
    answer: jsonAnswer(z.array(GradeSchema), "Every grade."),
  }),
};
