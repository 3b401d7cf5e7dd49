/**
 * Webhook request authentication, HMAC-SHA256, exactly as Vipps signs:
 *   x-ms-content-sha256 = base64(SHA256(raw body))
 *   string to sign      = "POST\n{path+query of the registered URL}\n{x-ms-date};{host of the registered URL};{content hash}"
 *   Authorization       = "HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature={base64(HMAC(secret as UTF-8))}"
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/** `date` as a string is signed exactly as given (tests sign empty and malformed dates). */
export function signWebhook(options: { secret: string; url: string; body: string | Buffer; date: Date | string }) {
  const contentHash = createHash("sha256").update(options.body).digest("base64");
  const url = new URL(options.url);
  const date = typeof options.date === "string" ? options.date : options.date.toUTCString();
  const stringToSign = `POST\n${url.pathname}${url.search}\n${date};${url.host};${contentHash}`;
  const signature = createHmac("sha256", options.secret).update(stringToSign, "utf8").digest("base64");
  return {
    "x-ms-date": date,
    "x-ms-content-sha256": contentHash,
    authorization: `HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=${signature}`,
  };
}

/**
 * How far the signed x-ms-date may be from our clock, either way. A captured delivery replayed later
 * carries a valid signature forever; the signed date is what ages it out. Vipps sends at once (and retries
 * with a fresh date), so minutes of slack only cover clock drift.
 */
const webhookMaxClockSkewMs = 5 * 60_000;

/** The signed date is present, parses, and lies within the allowed skew of `now`. */
function isFreshWebhookDate(signedDate: string, now: Date): boolean {
  if (signedDate.trim() === "") return false;
  const at = Date.parse(signedDate);
  return Number.isFinite(at) && Math.abs(now.getTime() - at) <= webhookMaxClockSkewMs;
}

/** Constant-time check of a delivery against the secret and the URL we registered, and of its age. */
export function verifyWebhook(options: {
  secret: string;
  registeredUrl: string;
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
  now: Date;
}): boolean {
  const header = (name: string) => {
    const value = options.headers[name];
    return Array.isArray(value) ? (value[0] ?? "") : (value ?? "");
  };
  const contentHash = createHash("sha256").update(options.rawBody).digest("base64");
  const url = new URL(options.registeredUrl);
  const stringToSign = `POST\n${url.pathname}${url.search}\n${header("x-ms-date")};${url.host};${contentHash}`;
  const signature = createHmac("sha256", options.secret).update(stringToSign, "utf8").digest("base64");
  const expected = Buffer.from(`HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=${signature}`);
  const actual = Buffer.from(header("authorization"));
  const hashOk = safeEqual(Buffer.from(contentHash), Buffer.from(header("x-ms-content-sha256")));
  const signatureOk = safeEqual(expected, actual);
  return hashOk && signatureOk && isFreshWebhookDate(header("x-ms-date"), options.now);
}

function safeEqual(a: Buffer, b: Buffer): boolean {
  // Compare equal-length buffers only; the length of a signature is no secret.
  if (a.length !== b.length) {
    timingSafeEqual(a, a);
    return false;
  }
  return timingSafeEqual(a, b);
}
