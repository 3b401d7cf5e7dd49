import type { FastifyRequest } from "fastify";
import { isIP } from "node:net";

/** Headers a proxy adds; a request that carries one came through something that is not this machine's own client. */
const proxyHeaders = ["forwarded", "x-forwarded-for", "x-forwarded-host", "x-real-ip"] as const;

/** True for 127.0.0.0/8, ::1 and the IPv4-mapped form of 127.x (::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.toLowerCase().replace(/^::ffff:/, "");
  if (isIP(plain) === 4) return plain.startsWith("127.");
  return plain === "::1" || plain === "0:0:0:0:0:0:0:1";
}

/**
 * Whether a request comes from this machine itself, straight to our socket: the development conveniences
 * (the Vipps simulator, the local mail page, generated admin passwords) answer only such requests. The
 * socket's own peer address is used, never `request.ip`, which a trusted proxy may rewrite; a request with
 * any proxy header is not local even from loopback, since a proxy on this machine forwards strangers.
 */
export function isLocalRequest(request: Pick<FastifyRequest, "headers" | "socket">): boolean {
  if (!isLoopbackAddress(request.socket?.remoteAddress)) return false;
  return proxyHeaders.every((name) => request.headers[name] === undefined);
}
