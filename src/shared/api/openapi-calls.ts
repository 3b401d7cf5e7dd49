import { z } from "zod";
import { declareCall, jsonAnswer, publicAccess } from "./call.ts";

/**
 * The API's own description, declared once (call.ts) like every other call, so the document lists itself
 * the same way it lists the rest.
 */

/** The parts of an OpenAPI 3.1 document a reader looks for first; the rest is the standard's. */
export const OpenApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});
export type OpenApiDocument = z.infer<typeof OpenApiDocumentSchema>;

export const openApiCalls = {
  document: declareCall({
    method: "GET",
    path: "/api/openapi.json",
    access: publicAccess,
    tag: "Drift",
    summary: "This document.",
    description: "Made from the declarations of the calls the server registered, when it is first asked for.",
    answer: jsonAnswer(OpenApiDocumentSchema, "The OpenAPI 3.1 document."),
  }),
};
