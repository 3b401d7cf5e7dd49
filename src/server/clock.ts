import type { Env } from "./env.ts";

/** The server's one clock: every rule, job, page, mail, export and the Vipps simulator read it. */
export type Clock = () => Date;

/**
 * Real time, or with CLOCK_START (never in production, env.ts) real time shifted so that it started at that
 * instant when the server started: a test or a demo lives on a chosen day of the season, and time runs on.
 */
export function createClock(env: Pick<Env, "CLOCK_START">, realNow: () => number = Date.now): Clock {
  if (!env.CLOCK_START) return () => new Date(realNow());
  const offset = Date.parse(env.CLOCK_START) - realNow();
  return () => new Date(realNow() + offset);
}
