import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { z } from "zod";
import { isDatabaseUnavailable } from "./db/database-errors.ts";
import { describeForLog, errorMessages, HttpError, type ErrorBody } from "./errors.ts";

/** The one error handler (the convention is errors.ts's), set on the root instance at start-up. */
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

/** PostgreSQL cannot hold a NUL character in text (22021) nor text outside the database's encoding (22P05). */
function isUnstorableText(error: unknown): boolean {
  const codes = [(error as { code?: unknown }).code, ((error as { cause?: unknown }).cause as { code?: unknown } | undefined)?.code];
  return codes.some((code) => code === "22021" || code === "22P05");
}
