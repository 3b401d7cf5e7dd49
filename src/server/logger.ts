import type { FastifyServerOptions } from "fastify";
import type { Env } from "./env.ts";

/** Path segments that carry admin tokens or password digests (spec §7) are masked before logging. */
const secretPathSegments = /\/api\/(VinterleirAdmin|NewMemberAdmin|Invoice|CampEdition)\/[^?]*/i;

/** Query parameters that carry a secret, e.g. the Vipps simulator's landing page `?token=`. */
const secretQueryParameters = /([?&](?:token|access_token|secret|password|code)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url
    .replace(secretPathSegments, (match) => {
      const [, , area, action] = match.split("/");
      return `/api/${area}/${action}/[redacted]`;
    })
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
