import { readFile, stat } from "node:fs/promises";
import { importMessages, maxInvoiceFileBytes } from "./invoice-import.ts";

/** The configured source as it may be shown and stored: a URL without credentials or query. */
export function describeSource(source: string): string {
  if (/^https:\/\//i.test(source)) {
    try {
      const url = new URL(source);
      return `${url.origin}${url.pathname}`;
    } catch {
      return "https-adresse";
    }
  }
  return source;
}

/** How an https INVOICE_SOURCE is fetched; Node's fetch in production, tests pass their own. */
export type Fetcher = (url: string, init: { signal: AbortSignal; redirect: "manual" }) => Promise<Response>;

export interface SourceLimits {
  /** The whole fetch, body included. */
  timeoutMs: number;
  /** Redirects followed within the same origin; one to another host or scheme is always refused. */
  maxRedirects: number;
}

const defaultSourceLimits: SourceLimits = { timeoutMs: 30_000, maxRedirects: 3 };

/**
 * INVOICE_SOURCE: a file path, or an https URL. The URL is fetched with one time limit for everything,
 * redirects only within the same origin (a redirect elsewhere could hand the export's secret key in the
 * query to another host, or fetch from one we never configured), and the body read as a stream that stops
 * at the size cap. A failure is thrown as a Norwegian message that says what went wrong without echoing
 * secrets.
 */
export async function readConfiguredSource(
  source: string,
  fetcher: Fetcher = fetch,
  limits: SourceLimits = defaultSourceLimits,
): Promise<Uint8Array> {
  return /^https:\/\//i.test(source) ? fetchSource(source, fetcher, limits) : readSourceFile(source);
}

async function fetchSource(source: string, fetcher: Fetcher, limits: SourceLimits): Promise<Uint8Array> {
  const shown = describeSource(source);
  const signal = AbortSignal.timeout(limits.timeoutMs);
  const timedOut = () => new SourceError(`${shown} svarte ikke innen ${Math.round(limits.timeoutMs / 1000)} sekunder.`);
  let url = new URL(source);
  for (let redirects = 0; ; redirects++) {
    let response: Response;
    try {
      response = await fetcher(url.href, { signal, redirect: "manual" });
    } catch {
      throw signal.aborted ? timedOut() : new SourceError(`Fikk ikke kontakt med ${shown}.`);
    }
    if (response.status >= 300 && response.status < 400 && response.headers.has("location")) {
      await response.body?.cancel().catch(() => {});
      const next = new URL(response.headers.get("location")!, url);
      if (next.origin !== url.origin) {
        throw new SourceError(`${shown} sendte videre til en annen adresse (${next.protocol}//${next.host}), og den følges ikke.`);
      }
      if (redirects >= limits.maxRedirects) throw new SourceError(`${shown} sendte videre for mange ganger.`);
      url = next;
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      throw new SourceError(`${shown} svarte med HTTP ${response.status}.`);
    }
    try {
      return await readCapped(response);
    } catch (error) {
      if (error instanceof SourceError) throw error;
      throw signal.aborted ? timedOut() : new SourceError(`Fikk ikke lest hele svaret fra ${shown}.`);
    }
  }
}

/** The body, refused at once when it announces more than the cap, and cut off as soon as it passes it. */
async function readCapped(response: Response): Promise<Uint8Array> {
  const declared = Number(response.headers.get("content-length") ?? 0);
  if (declared > maxInvoiceFileBytes) {
    await response.body?.cancel().catch(() => {});
    throw new SourceError(importMessages.tooLarge);
  }
  if (!response.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reader = response.body.getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    length += part.value.byteLength;
    if (length > maxInvoiceFileBytes) {
      await reader.cancel().catch(() => {});
      throw new SourceError(importMessages.tooLarge);
    }
    chunks.push(part.value);
  }
  return Buffer.concat(chunks);
}

async function readSourceFile(source: string): Promise<Uint8Array> {
  try {
    const info = await stat(source);
    if (info.size > maxInvoiceFileBytes) throw new SourceError(importMessages.tooLarge);
    return new Uint8Array(await readFile(source));
  } catch (error) {
    if (error instanceof SourceError) throw error;
    throw new SourceError(`Fant ikke filen ${source} på serveren.`);
  }
}

export class SourceError extends Error {
  override name = "SourceError";
}
