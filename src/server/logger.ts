import type { FastifyServerOptions } from "fastify";
import type { Env } from "./env.ts";

/** Path segments that carry admin tokens, password digests or waiting-list offer tokens are masked before logging. */
const secretPathSegments = /\/api\/(VinterleirAdmin|NewMemberAdmin|Invoice|CampEdition|Venteliste|MinPamelding)\/[^?]*/i;
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
        return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
      },
    },
  };
}
