/** A participant as the order form holds them while the family types. */
export interface ParticipantDraft {
  firstName: string;
  lastName: string;
  /** As typed; a number when sent. */
  age: string;
  clubId: number;
  gradeId: number;
  answers: Record<string, string | boolean>;
}

export function emptyParticipant(): ParticipantDraft {
  return { firstName: "", lastName: "", age: "", clubId: 0, gradeId: 0, answers: {} };
}
