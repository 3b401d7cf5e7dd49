import { declareCall, publicAccess, textAnswer } from "../api/call.ts";
import { NewMemberSchema } from "./new-member.ts";

/** The public new-member form's call, declared once (src/shared/api/call.ts); its admin's calls are apart. */
export const newMemberFormCalls = {
  submit: declareCall({
    method: "POST",
    path: "/api/NewMember/Post",
    access: publicAccess,
    tag: "Nye medlemmer",
    summary: "Express interest as a new member.",
    body: NewMemberSchema,
    answer: textAnswer("`Done`.", ["Done"]),
    errors: { 413: "Forespørselen er for stor.", 429: "For mange innsendinger fra samme adresse på kort tid." },
  }),
};
