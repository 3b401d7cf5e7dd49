/**
 * The API error convention, the same for every feature:
 *   400 { error, issues: [{ path, message }] }  invalid input (a shared zod schema said no)
 *   4xx { error }                               other client errors (bad JSON, too large, …)
 *   503 { error }                               the database does not answer
 *   500 { error }                               anything else; logged without the request body
 * A declared call (src/shared/api/call.ts) is validated on its route (http/call-route.ts), other routes with
 * `parseWith(Schema, request.body)`; both refusals answer the same 400, and features let errors propagate.
 * The handler that answers them is set at start-up (error-handler-setup.ts).
 */
import { z } from "zod";
import type { ErrorBody } from "../shared/api/error-body.ts";

export const errorMessages = {
  invalidInput: "Noen av opplysningene er ugyldige. Rett feltene og prøv igjen.",
  badRequest: "Forespørselen kunne ikke leses.",
  /** The body as a whole is missing or not what the call takes (zod's own words for it are English). */
  wrongShape: "Forespørselen mangler innhold, eller innholdet har feil form.",
  tooLarge: "Forespørselen er for stor.",
  notFound: "Fant ikke det du spurte etter.",
  databaseUnavailable: "Databasen svarer ikke akkurat nå. Prøv igjen om litt.",
  internal: "Noe gikk galt på serveren. Prøv igjen senere.",
} as const;

/** The error body's one definition is shared with the browser and the API document. */
export type { ErrorBody };

/** Parses with a shared schema; a failure becomes a 400 through the error handler. */
export function parseWith<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  return schema.parse(value);
}

/** An error a feature throws on purpose, with the Norwegian message the user should see. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/**
 * What an error log line may hold. Drizzle's query errors carry the query parameters (personal data,
 * token hashes) in their message; keep the SQL and the driver's own error, never the values.
 */
export function describeForLog(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const query = (error as { query?: unknown }).query;
  const cause = error.cause instanceof Error ? error.cause : undefined;
  return {
    type: error.name,
    message: typeof query === "string" ? `Failed query: ${query}` : error.message,
    code: (error as { code?: unknown }).code ?? (cause as { code?: unknown } | undefined)?.code,
    cause: cause ? `${cause.name}: ${cause.message}` : undefined,
    // Only the call frames: a multi-line message (Drizzle's "…\nparams: …") would otherwise come along.
    stack: error.stack
      ?.split("\n")
      .filter((line) => /^\s+at /.test(line))
      .slice(0, 7)
      .join("\n"),
  };
}
