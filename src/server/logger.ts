import type { FastifyServerOptions } from "fastify";
import { myRegistrationPath } from "../shared/camp/camp-my-registration.ts";
import { eventOrderLinkBase } from "../shared/events/event-my-order.ts";
import { familyPagePath } from "../shared/family/family-page-path.ts";
import type { Env } from "./env.ts";

/** Path segments that carry admin tokens, password digests or waiting-list offer tokens are masked before logging. */
const secretPathSegments =
  /\/api\/(VinterleirAdmin|ArrangementAdmin|ArrangementInnsjekk|NettstedAdmin|NewMemberAdmin|Invoice|CampEdition|Venteliste|MinPamelding|Melding|Regnskap)\/[^?]*/i;
/** An event's waiting-list offer calls: the segment after the action is the offer's token. */
const eventOfferCalls = /\/api\/Arrangement\/Venteliste\/([A-Za-z]+)\/[^?]*/i;
/** An event order's personal link in the API (`/api/Arrangement/MinPamelding/{token}`, `/api/Arrangement/Cancel/{token}`). */
const eventLinkApiPath = /\/api\/Arrangement\/(MinPamelding|Cancel)\/[^?]*/i;
/** The waiting-list offer pages (the camp's and the events'): the last segment is the offer's token. */
const offerPagePath = /^\/vinterleir\/venteliste\/[^?]+/i;
const eventOfferPagePath = /^\/arrangementer\/venteliste\/[^?]+/i;
const personalPagePath = /^\/vinterleir\/min-pamelding\/[^?]+/i;
const eventPersonalPagePath = /^\/arrangementer\/min-pamelding\/[^?]+/i;
/** «Min side», the family's page behind any link. */
const familyPagePattern = /^\/min-side\/[^?]+/i;

/** Query parameters that carry a secret, e.g. the Vipps simulator's landing page `?token=`, or personal data (the check-in search `?q=`). */
const secretQueryParameters = /([?&](?:token|access_token|secret|password|code|q)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url
    .replace(secretPathSegments, (match) => {
      const [, , area, action] = match.split("/");
      return `/api/${area}/${action}/[redacted]`;
    })
    .replace(eventOfferCalls, "/api/Arrangement/Venteliste/$1/[redacted]")
    .replace(eventLinkApiPath, (_match, action: string) => `/api/Arrangement/${action}/[redacted]`)
    .replace(offerPagePath, "/vinterleir/venteliste/[redacted]")
    .replace(eventOfferPagePath, "/arrangementer/venteliste/[redacted]")
    .replace(personalPagePath, `${myRegistrationPath}/[redacted]`)
    .replace(eventPersonalPagePath, `${eventOrderLinkBase}/[redacted]`)
    .replace(familyPagePattern, `${familyPagePath}/[redacted]`)
    .replace(secretQueryParameters, "$1[redacted]");
}

/** A path segment that may be a secret (a token, a digest): long, and not a plain lower-case word or a file name. */
const secretLookingSegment = /^(?=[^/.]{16,}$)(?=.*[0-9A-Z_])[^/.]+$/;

/** Every path segment that may be a secret replaced (the query as redactUrl leaves it). */
export function maskSecretSegments(url: string): string {
  const [path = "", ...query] = url.split("?");
  const masked = path
    .split("/")
    .map((segment) => (secretLookingSegment.test(segment) ? "[redacted]" : segment))
    .join("/");
  return [masked, ...query].join("?");
}

/**
 * The URL as a log line shows it. A request that matched a route is logged by the route's pattern
 * (`/api/MinPamelding/Get/:token`): no shape of path can put a parameter's value, a secret, in the log.
 * Only a request that matched no route (or a catch-all) is logged by its path, with the known secret
 * places and every segment that looks like a secret masked, and secret query values removed.
 */
export function loggedUrl(request: { url: string; routeOptions?: { url?: string | undefined } }): string {
  const pattern = request.routeOptions?.url;
  const query = request.url.includes("?") ? request.url.slice(request.url.indexOf("?")) : "";
  if (pattern && !pattern.includes("*")) return `${pattern}${query.replace(secretQueryParameters, "$1[redacted]")}`;
  return maskSecretSegments(redactUrl(request.url));
}

/**
 * JSON lines, one object per event, for the machines that collect production logs. A person running the
 * server at a terminal (`npm start`, `npm run dev`) reads one short line per event instead (pino-pretty):
 * that is decided by whether stdout is a terminal, so a service or a container, whose output is a pipe or
 * a file, keeps JSON. The redaction below applies to both.
 */
export function createLogger(env: Env, { pretty = process.stdout.isTTY === true }: { pretty?: boolean } = {}): FastifyServerOptions["logger"] {
  return {
    level: env.LOG_LEVEL,
    ...(pretty ? { transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname", singleLine: true } } } : {}),
    redact: ["req.headers.authorization", "req.headers.cookie", 'res.headers["set-cookie"]'],
    serializers: {
      req(request) {
        return { method: request.method, url: loggedUrl(request), remoteAddress: request.ip };
      },
    },
  };
}
