import type { SchemaName } from "./api-schemas.ts";
import type { Answer } from "./api-call-types.ts";

/** Shorthands for the answers, queries and errors the calls of several areas share. */

export const json = (schema: SchemaName, description: string, extra: { list?: boolean; status?: number } = {}): Answer => ({
  kind: "json",
  schema,
  description,
  ...extra,
});
export const list = (schema: SchemaName, description: string): Answer => json(schema, description, { list: true });
export const text = (description: string, values?: readonly string[]): Answer => ({ kind: "text", description, values });
export const csv = (description: string): Answer => ({ kind: "csv", description });
export const tokenAnswer = text("The token: random, to send as the last path segment of the area's calls.");
export const loginErrors = {
  401: "Wrong user name or password (a JSON body: the browser looks for a leading brace).",
  429: "Too many attempts; wait and try again.",
};
export const signedOut = json("RemoveAnswer", "Signed out.");
export const yearQuery = { year: "Another edition's year (an earlier or a later camp); «the» camp without it." };
