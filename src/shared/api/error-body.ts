import { z } from "zod";

/** Every error answer of the API: a Norwegian sentence, and for invalid input the message per field. */
export const ErrorBodySchema = z.object({
  error: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
