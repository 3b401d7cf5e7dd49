import { z } from "zod";
import { declareCall, jsonAnswer, publicAccess } from "./call.ts";

/** The health check, declared once (call.ts): a load balancer's and the browser tests' view of the server. */

/** What the health check answers; with status 503 (the database away) it adds the ErrorBody's `error`. */
export const HealthSchema = z.object({
  status: z.enum(["ok", "error"]),
  uptimeSeconds: z.number(),
  /** The server's clock (CLOCK_START shifts it outside production). */
  now: z.string(),
  database: z.object({ kind: z.enum(["pglite", "postgres"]), ok: z.boolean() }),
});

export const healthCalls = {
  health: declareCall({
    method: "GET",
    path: "/healthz",
    access: publicAccess,
    tag: "Drift",
    summary: "Health check: the server and its database answer.",
    answer: jsonAnswer(HealthSchema, "`{ status, uptimeSeconds, now, database }` (`now`: the server clock)."),
    errors: { 503: "Databasen svarer ikke (the body is the health check's, with `error`)." },
  }),
};
