/**
 * The API error convention, the same for every feature:
 *   400 { error, issues: [{ path, message }] }  invalid input (a shared zod schema said no)
 *   4xx { error }                               other client errors (bad JSON, too large, …)
 *   503 { error }                               the database does not answer
 *   500 { error }                               anything else; logged without the request body
 * A declared call (src/shared/api/call.ts) is validated on its route (http/call-route.ts), other routes with
 * `parseWith(Schema, request.body)`; both refusals answer the same 400, and features let errors propagate.
 */
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ErrorBody } from "../shared/api/error-body.ts";
import { isDatabaseUnavailable } from "./db/database-errors.ts";

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

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: unknown, request, reply) => {
    if (error instanceof z.ZodError) {
      const issues = error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }));
      return reply.code(400).send({ error: errorMessages.invalidInput, issues } satisfies ErrorBody);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // The route's schema said no: the same answer as parseWith's, each issue's path dotted from its pointer.
      const issues = error.validation.map((issue) => ({
        path: issue.instancePath.split("/").slice(1).join("."),
        message:
          issue.instancePath === "/" && issue.keyword === "invalid_type" ? errorMessages.wrongShape : (issue.message ?? errorMessages.invalidInput),
      }));
      return reply.code(400).send({ error: errorMessages.invalidInput, issues } satisfies ErrorBody);
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ error: error.message } satisfies ErrorBody);
    }
    if (isUnstorableText(error)) {
      // The schemas refuse such text first; this is the net under them (nothing was stored: the statement failed).
      return reply.code(400).send({ error: errorMessages.invalidInput } satisfies ErrorBody);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: describeForLog(error) }, "database unavailable");
      return reply.code(503).send({ error: errorMessages.databaseUnavailable } satisfies ErrorBody);
    }
    const statusCode = (error as FastifyError).statusCode;
    if (statusCode && statusCode >= 400 && statusCode < 500) {
      const message = statusCode === 413 ? errorMessages.tooLarge : statusCode === 404 ? errorMessages.notFound : errorMessages.badRequest;
      return reply.code(statusCode).send({ error: message } satisfies ErrorBody);
    }
    request.log.error({ err: describeForLog(error) }, "unhandled error");
    return reply.code(500).send({ error: errorMessages.internal } satisfies ErrorBody);
  });
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

/** PostgreSQL cannot hold a NUL character in text (22021) nor text outside the database's encoding (22P05). */
function isUnstorableText(error: unknown): boolean {
  const codes = [(error as { code?: unknown }).code, ((error as { cause?: unknown }).cause as { code?: unknown } | undefined)?.code];
  return codes.some((code) => code === "22021" || code === "22P05");
}
