import { campListCalls } from "../../../shared/camp/camp-list-calls.ts";
import type { GradeStatistic, PublicParticipant } from "../../../shared/camp/camp-lists.ts";
import type { ApiGet } from "../../lib/api-client.ts";
import { readCall } from "../../lib/call-api.ts";

/** The public participant list (campListCalls.participants). */
export function getPublicParticipants(get?: ApiGet): Promise<PublicParticipant[]> {
  return readCall(campListCalls.participants, { params: {} }, get);
}

/** How many athletes hold each belt grade (campListCalls.gradeStatistics). */
export function getGradeStatistics(get?: ApiGet): Promise<GradeStatistic[]> {
  return readCall(campListCalls.gradeStatistics, { params: {} }, get);
}
