import type { Env } from "../env.ts";
import { HttpError } from "../errors.ts";

export const publicPostRateLimitMessage = "For mange innsendinger fra samme adresse på kort tid. Vent et minutt og prøv igjen.";

/**
 * The limit on the public registration POSTs (registration spam): PUBLIC_POST_RATE_LIMIT per minute per
 * client address (request.ip, so behind a proxy only with TRUST_PROXY), counted in this process's memory;
 * 0 turns it off (load benchmarks that send a thousand registrations from one address).
 */
export function publicPostRateLimit(env: Pick<Env, "PUBLIC_POST_RATE_LIMIT">) {
  return perAddressPerMinute(env.PUBLIC_POST_RATE_LIMIT, 1, publicPostRateLimitMessage);
}

export const publicLookupRateLimitMessage = "For mange forespørsler fra samme adresse på kort tid. Vent et minutt og prøv igjen.";

/**
 * The limit on public reads by a guessable key (a Vipps order id): ten times PUBLIC_POST_RATE_LIMIT per minute
 * per client address, far above a result page polling every other second, far below walking the order ids.
 * 0 turns it off with the POSTs' limit. The site's own pages read through it with the visitor's address
 * (site/static-site-routes.ts), so a page does not open a way around it.
 */
export function publicLookupRateLimit(env: Pick<Env, "PUBLIC_POST_RATE_LIMIT">) {
  return perAddressPerMinute(env.PUBLIC_POST_RATE_LIMIT, 10, publicLookupRateLimitMessage);
}

/** `limit` × `factor` a minute per client address, or off when `limit` is 0; past it, 429 with `message`. */
function perAddressPerMinute(limit: number, factor: number, message: string) {
  if (limit === 0) return false as const;
  return {
    max: limit * factor,
    timeWindow: 60_000,
    // Through the error handler as { error } in Norwegian; retry-after is set by the plugin.
    errorResponseBuilder: () => new HttpError(429, message),
  };
}
