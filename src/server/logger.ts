import type { FastifyServerOptions } from "fastify";
import type { Env } from "./env.ts";

/** Path segments that carry admin tokens, password digests or waiting-list offer tokens are masked before logging. */
const secretPathSegments = /\/api\/(VinterleirAdmin|NettstedAdmin|NewMemberAdmin|Invoice|CampEdition|Venteliste|MinPamelding)\/[^?]*/i;
/** The waiting-list offer page: its last segment is the offer's token. */
const offerPagePath = /^\/vinterleir\/venteliste\/[^?]+/i;
const personalPagePath = /^\/vinterleir\/min-pamelding\/[^?]+/i;

/** Query parameters that carry a secret, e.g. the Vipps simulator's landing page `?token=`, or personal data (the check-in search `?q=`). */
const secretQueryParameters = /([?&](?:token|access_token|secret|password|code|q)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url
    .replace(secretPathSegments, (match) => {
      const [, , area, action] = match.split("/");
      return `/api/${area}/${action}/[redacted]`;
    })
    .replace(offerPagePath, "/vinterleir/venteliste/[redacted]")
    .replace(personalPagePath, "/vinterleir/min-pamelding/[redacted]")
    .replace(secretQueryParameters, "$1[redacted]");
}

export function createLogger(env: Env): FastifyServerOptions["logger"] {
  return {
    level: env.LOG_LEVEL,
    redact: ["req.headers.authorization", "req.headers.cookie", 'res.headers["set-cookie"]'],
    serializers: {
      req(request) {
        return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
      },
    },
  };
}
