/**
 * Whether an error means "the database cannot be reached" (answer 503 and let the client retry) rather
 * than a bug (500). Walks the cause chain: Drizzle wraps driver errors in DrizzleQueryError.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; current = (current as Error).cause, depth++) {
    if (!(current instanceof Error)) return false;
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") {
      if (["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "ENOTFOUND", "EHOSTUNREACH", "EPIPE"].includes(code)) return true;
      // SQLSTATE class 08 (connection exception), 57P01–57P03 (server shutting down / not accepting).
      if (/^08/.test(code) || /^57P0[1-3]$/.test(code)) return true;
    }
    if (/PGlite is closed|Cannot use a pool after calling end|Connection terminated|timeout exceeded when trying to connect/i.test(current.message)) {
      return true;
    }
  }
  return false;
}
