import { z } from "zod";
import { declareCall, jsonAnswer, publicAccess } from "../api/call.ts";
import { GradeStatisticSchema, PublicParticipantSchema } from "./camp-lists.ts";

/** The winter camp's public lists, declared once (src/shared/api/call.ts): who is coming, and their grades. */

const tag = "Vinterleir";

export const campListCalls = {
  participants: declareCall({
    method: "GET",
    path: "/api/VinterleirUsers/Get",
    access: publicAccess,
    tag,
    summary: "The public participant list (names only of those who agreed).",
    answer: jsonAnswer(z.array(PublicParticipantSchema), "The participants."),
  }),
  gradeStatistics: declareCall({
    method: "GET",
    path: "/api/VinterleirUsers/GetGrades",
    access: publicAccess,
    tag,
    summary: "How many of each grade are coming.",
    answer: jsonAnswer(z.array(GradeStatisticSchema), "The grade statistics."),
  }),
};
