import { z } from "zod";
import { GradeStatisticSchema, PublicParticipantSchema, type GradeStatistic, type PublicParticipant } from "../../../shared/camp/camp-lists.ts";
import { getJson, type ApiGet } from "../../lib/api-client.ts";

/** GET /api/VinterleirUsers/Get: the public participant list. */
export function getPublicParticipants(get?: ApiGet): Promise<PublicParticipant[]> {
  return getJson("/api/VinterleirUsers/Get", z.array(PublicParticipantSchema), get);
}

/** GET /api/VinterleirUsers/GetGrades: how many athletes hold each belt grade. */
export function getGradeStatistics(get?: ApiGet): Promise<GradeStatistic[]> {
  return getJson("/api/VinterleirUsers/GetGrades", z.array(GradeStatisticSchema), get);
}
