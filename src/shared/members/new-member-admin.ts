import { z } from "zod";

/**
 * One row of GET /api/NewMemberAdmin/Get/{token} (spec §3, §7): the registration, its id and date, and the
 * spec's lowercase name fields beside the camelCase ones, so both spellings the old clients read work.
 */
export const NewMemberAdminEntrySchema = z.object({
  registrationId: z.number().int(),
  /** ISO 8601 timestamp. */
  registrationdate: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  age: z.number().int(),
  parentFirstName: z.string(),
  parentLastName: z.string(),
  parentfirstname: z.string(),
  parentlastname: z.string(),
  email: z.string(),
  telephone: z.string(),
  referer: z.union([z.literal(0), z.literal(1), z.literal(2)]),
});
export type NewMemberAdminEntry = z.infer<typeof NewMemberAdminEntrySchema>;

/** DELETE /api/NewMemberAdmin/Remove/{registrationId}/{token}: the spec's ok flag. */
export const RemoveAnswerSchema = z.object({ ok: z.boolean() });

export const newMemberCsvFileName = "nye-medlemmer.csv";
