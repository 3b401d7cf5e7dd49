import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlib } from "node:zlib";

/** A response body compressed once and sent many times (rendered pages, cached public lists). */
export interface Precompressed {
  raw: Buffer;
  gzip: Buffer;
  brotli: Buffer;
  etag: string;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compresses on libuv's thread pool, not the main thread: brotli at quality 11 takes tens of milliseconds
 * for a page, and pages are rendered while the server answers registrations.
 */
export async function precompress(body: string | Buffer, brotliQuality = 11): Promise<Precompressed> {
  const raw = Buffer.isBuffer(body) ? body : Buffer.from(body);
  const [gzipped, brotli] = await Promise.all([
    gzipAsync(raw, { level: 9 }),
    brotliAsync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: brotliQuality } }),
  ]);
  return { raw, gzip: gzipped, brotli, etag: `"${createHash("sha256").update(raw).digest("hex").slice(0, 16)}"` };
}

/** Sends the best encoding the client accepts, with an ETag; answers 304 to a matching If-None-Match. */
export function sendPrecompressed(request: FastifyRequest, reply: FastifyReply, body: Precompressed, status = 200) {
  reply.code(status).header("vary", "accept-encoding").header("etag", body.etag);
  if (status === 200 && request.headers["if-none-match"] === body.etag) return reply.code(304).send();
  const accepts = String(request.headers["accept-encoding"] ?? "");
  if (/\bbr\b/.test(accepts)) return reply.header("content-encoding", "br").send(body.brotli);
  if (/\bgzip\b/.test(accepts)) return reply.header("content-encoding", "gzip").send(body.gzip);
  return reply.send(body.raw);
}
