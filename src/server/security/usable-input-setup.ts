import type { FastifyInstance } from "fastify";
import { hasOnlyUsableCharacters, invalidCharactersMessage } from "../../shared/text-rules.ts";
import { errorMessages, type ErrorBody } from "../errors.ts";

/** Deeper than any form's answer; anything deeper is refused rather than walked. */
const maxDepth = 32;

/**
 * True when every string (and every key) in a parsed value has only usable characters (text-rules.ts):
 * no half of a UTF-16 pair on its own, no control character (tab and line breaks only where `multiline`).
 */
function usable(value: unknown, multiline: boolean, depth = 0): boolean {
  if (typeof value === "string") return hasOnlyUsableCharacters(value, { multiline });
  if (value === null || typeof value !== "object" || Buffer.isBuffer(value)) return true;
  if (depth > maxDepth) return false;
  if (Array.isArray(value)) return value.every((item) => usable(item, multiline, depth + 1));
  return Object.entries(value).every(([key, item]) => hasOnlyUsableCharacters(key) && usable(item, multiline, depth + 1));
}

/**
 * Every request's path parameters, query and parsed body are checked before any route sees them: broken
 * Unicode or control characters are answered 400 in Norwegian everywhere, whatever the route's schema
 * says, so no such input reaches the database, a PDF, a page or a log as a 500. Free text in a body keeps
 * tab and line breaks; a path or query value has none.
 */
export function registerUsableInputCheck(app: FastifyInstance): void {
  app.addHook("preValidation", async (request, reply) => {
    if (usable(request.params, false) && usable(request.query, false) && usable(request.body, true)) return;
    return reply.code(400).send({ error: errorMessages.invalidInput, issues: [{ path: "", message: invalidCharactersMessage }] } satisfies ErrorBody);
  });
}
