import type { AddressInfo } from "node:net";
import type { Env } from "./env.ts";

export type VippsModeName = "vipps" | "simulator" | "off";

/**
 * The one line the server says when it listens: where (the URL) and in which mode, so whoever starts it sees
 * at once whether it is a development server on this machine or a production one on every interface. Only
 * names of modes: never a key, password or database address.
 */
export function startupSummary(env: Pick<Env, "NODE_ENV" | "SMTP_URL" | "CLOCK_START">, address: AddressInfo | string | null, vipps: VippsModeName) {
  const url =
    typeof address === "object" && address
      ? `http://${address.family === "IPv6" ? `[${address.address}]` : address.address}:${address.port}`
      : String(address);
  const mode = { NODE_ENV: env.NODE_ENV, vipps: vipps === "vipps" ? "real" : vipps, mail: env.SMTP_URL ? "SMTP" : "folder" } as const;
  // A server living on another day says so at once: its prices and deadlines are that day's.
  const clock = env.CLOCK_START ? `; clock started at ${env.CLOCK_START}` : "";
  return {
    fields: { url, ...mode, ...(env.CLOCK_START ? { clockStart: env.CLOCK_START } : {}) },
    message: `listening on ${url} (${mode.NODE_ENV}; Vipps: ${mode.vipps}; mail: ${mode.mail}${clock})`,
  };
}
