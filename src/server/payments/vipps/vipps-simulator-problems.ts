import { randomBytes } from "node:crypto";

/** Vipps's problem+json error answers, as the simulator gives them. */
export function problem(status: number, title: string, code?: string, detail?: string, instance?: string) {
  return {
    type: `https://httpstatuses.io/${status}`,
    title,
    status,
    ...(detail ? { detail } : {}),
    ...(instance ? { instance } : {}),
    traceId: `00-${randomBytes(16).toString("hex")}-${randomBytes(8).toString("hex")}-01`,
    ...(code ? { extraDetails: [{ name: "ErrorCode", reason: code }] } : {}),
  };
}

export class SimError extends Error {
  constructor(
    readonly status: number,
    readonly body: object,
  ) {
    super(`simulator ${status}`);
  }
}
