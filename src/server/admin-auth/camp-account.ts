import type { FastifyRequest } from "fastify";
import { defaultCampUsername } from "./admin-areas.ts";
import { findUsableCredential } from "./admin-credentials.ts";

export interface CampAccount {
  username: string;
  name: string;
  role: "leder" | "innsjekk";
}

/**
 * The camp account behind the request's token (call it after requireAdmin("camp")). For now the camp
 * area has one login, so this is that account, the camp leader: the stored username (CAMP_ADMIN_USERNAME
 * or set with admin:set-password), with the role `leder`.
 */
export async function currentCampAccount(request: FastifyRequest): Promise<CampAccount> {
  const { db, env } = request.server;
  const stored = await findUsableCredential(db, "camp", env);
  const username = stored?.username ?? env.CAMP_ADMIN_USERNAME ?? defaultCampUsername;
  return { username, name: username, role: "leder" };
}
