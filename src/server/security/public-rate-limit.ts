import type { Env } from "../env.ts";
import { HttpError } from "../errors.ts";

export const publicPostRateLimitMessage = "For mange innsendinger fra samme adresse på kort tid. Vent et minutt og prøv igjen.";

/**
 * The limit on the public registration POSTs (registration spam): PUBLIC_POST_RATE_LIMIT per minute per
 * client address (request.ip, so behind a proxy only with TRUST_PROXY), counted in this process's memory;
 * 0 turns it off (load benchmarks that send a thousand registrations from one address).
 */
export function publicPostRateLimit(env: Pick<Env, "PUBLIC_POST_RATE_LIMIT">) {
  if (env.PUBLIC_POST_RATE_LIMIT === 0) return false as const;
  return {
    max: env.PUBLIC_POST_RATE_LIMIT,
    timeWindow: 60_000,
    // Through the error handler as { error } in Norwegian; retry-after is set by the plugin.
    errorResponseBuilder: () => new HttpError(429, publicPostRateLimitMessage),
  };
}
