import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import {
  campAccountMessages,
  campDataRoles,
  campRoles,
  type CampAccount,
  type CampAccountInput,
  type CampRole,
} from "../../shared/admin/camp-accounts.ts";
import type { Db } from "../db/database.ts";
import { adminTokens } from "../db/schema/admin-auth.ts";
import { campAccounts } from "../db/schema/camp-accounts.ts";
import type { Env } from "../env.ts";
import { findUsableCredential } from "./admin-credentials.ts";
import { hashToken } from "./admin-tokens.ts";
import { hashPasswordDigest, sha256Hex } from "./password-hash.ts";
import { unauthorisedBody } from "./require-admin.ts";

/**
 * Named camp accounts with roles (docs/decisions/0004-admin-auth.md, "Camp accounts"). The account set up on
 * the server (admin_credentials, area `camp`) is a `leder`; the others live in camp_accounts. A camp token
 * names its account; a token without one (issued before named accounts) belongs to the configured account.
 */
export interface CampAccountView {
  username: string;
  name: string;
  role: CampRole;
}

/** The name shown for the account configured on the server (it has no name of its own). */
export const configuredAccountName = "Leder (satt opp på serveren)";

const tokenShape = /^[A-Za-z0-9_-]{43}$/;
const resolved = new WeakMap<FastifyRequest, CampAccountView>();

/** The account behind a camp token that is neither expired nor revoked, or undefined. */
async function campAccountOfToken(db: Db, env: Pick<Env, "NODE_ENV">, token: string, now: Date): Promise<CampAccountView | undefined> {
  if (!tokenShape.test(token)) return undefined;
  const [row] = await db
    .select({ account: adminTokens.account })
    .from(adminTokens)
    .where(
      and(eq(adminTokens.tokenHash, hashToken(token)), eq(adminTokens.area, "camp"), isNull(adminTokens.revokedAt), gt(adminTokens.expiresAt, now)),
    );
  if (!row) return undefined;
  const credential = await findUsableCredential(db, "camp", env);
  if (row.account === null || row.account === credential?.username) {
    return credential ? { username: credential.username ?? "admin", name: configuredAccountName, role: "leder" } : undefined;
  }
  const [account] = await db.select().from(campAccounts).where(eq(campAccounts.username, row.account));
  return account ? { username: account.username, name: account.name, role: account.role } : undefined;
}

/**
 * The hook (a preHandler, or preValidation on a declared call) for an admin route of the club's accounts with a `:token` segment: 401 (the old site's body)
 * for a bad token, 403 with a Norwegian message for a valid token whose account has none of the roles.
 * Without roles, the roles that see the camp's data (`leder`, `innsjekk`): a `redaktør` edits the site only.
 */
export function requireCampRole(...roles: CampRole[]) {
  const allowed: readonly CampRole[] = roles.length > 0 ? roles : campDataRoles;
  return async function requireCampAccount(request: FastifyRequest, reply: FastifyReply) {
    const token = (request.params as { token?: unknown } | undefined)?.token;
    const account =
      typeof token === "string" ? await campAccountOfToken(request.server.db, request.server.env, token, request.server.now()) : undefined;
    if (!account) return reply.code(401).header("cache-control", "no-store").send(unauthorisedBody);
    if (!allowed.includes(account.role)) return reply.code(403).header("cache-control", "no-store").send({ error: campAccountMessages.forbidden });
    resolved.set(request, account);
  };
}

/** Any of the club's accounts, whatever its role (who am I, sign out). */
export const requireAnyAccount = () => requireCampRole(...campRoles);

/** The account behind the `:token` of a request that passed the guard (requireCampRole). */
export async function currentCampAccount(request: FastifyRequest): Promise<CampAccountView> {
  const known = resolved.get(request);
  if (known) return known;
  const token = (request.params as { token?: unknown } | undefined)?.token;
  const account =
    typeof token === "string" ? await campAccountOfToken(request.server.db, request.server.env, token, request.server.now()) : undefined;
  if (!account) throw new Error("currentCampAccount: the request has no valid camp token (route without the camp guard?)");
  resolved.set(request, account);
  return account;
}

/** A named account's stored hash, for the login (lower-case username). */
export async function findCampAccount(db: Db, username: string) {
  const [row] = await db.select().from(campAccounts).where(eq(campAccounts.username, username.toLowerCase()));
  return row;
}

export async function listCampAccounts(db: Db, env: Pick<Env, "NODE_ENV">): Promise<CampAccount[]> {
  const credential = await findUsableCredential(db, "camp", env);
  const rows = await db.select().from(campAccounts).orderBy(campAccounts.name, campAccounts.username);
  const configured: CampAccount[] = credential
    ? [{ username: credential.username ?? "admin", name: configuredAccountName, role: "leder", configured: true, updatedAt: null, updatedBy: null }]
    : [];
  return [
    ...configured,
    ...rows.map((row) => ({
      username: row.username,
      name: row.name,
      role: row.role,
      configured: false,
      updatedAt: row.updatedAt.toISOString(),
      updatedBy: row.updatedBy,
    })),
  ];
}

export type AccountChange = { kind: "ok"; created: boolean } | { kind: "conflict"; message: string } | { kind: "not-found" };

/**
 * Creates the account, or resets its name, role and password; a reset ends the account's sessions. The
 * configured account is changed on the server only. Demoting the last `leder` is refused.
 */
export async function saveCampAccount(db: Db, env: Pick<Env, "NODE_ENV">, input: CampAccountInput, by: string, now: Date): Promise<AccountChange> {
  const credential = await findUsableCredential(db, "camp", env);
  if (credential?.username && credential.username.toLowerCase() === input.username)
    return { kind: "conflict", message: campAccountMessages.configured };
  // Stored as the login checks it: a slow hash of the digest the sign-in sends; the password itself is not kept.
  const passwordHash = await hashPasswordDigest(sha256Hex(input.password));
  return db.transaction(async (tx) => {
    await lockAccounts(tx);
    const [existing] = await tx.select().from(campAccounts).where(eq(campAccounts.username, input.username));
    if (existing?.role === "leder" && input.role !== "leder" && (await leaderCount(tx, credential !== null)) <= 1) {
      return { kind: "conflict", message: campAccountMessages.lastLeader };
    }
    const row = { name: input.name, role: input.role, passwordHash, updatedAt: now, updatedBy: by };
    await tx
      .insert(campAccounts)
      .values({ username: input.username, createdAt: now, ...row })
      .onConflictDoUpdate({ target: campAccounts.username, set: row });
    if (existing) await endAccountTokens(tx, input.username, now);
    return { kind: "ok", created: !existing };
  });
}

/** Removes a named account and ends its sessions. Never the configured account, the last `leder`, or oneself. */
export async function removeCampAccount(db: Db, env: Pick<Env, "NODE_ENV">, username: string, by: string, now: Date): Promise<AccountChange> {
  const name = username.toLowerCase();
  const credential = await findUsableCredential(db, "camp", env);
  if (credential?.username && credential.username.toLowerCase() === name) return { kind: "conflict", message: campAccountMessages.configured };
  if (name === by.toLowerCase()) return { kind: "conflict", message: campAccountMessages.self };
  return db.transaction(async (tx) => {
    await lockAccounts(tx);
    const [existing] = await tx.select().from(campAccounts).where(eq(campAccounts.username, name));
    if (!existing) return { kind: "not-found" };
    if (existing.role === "leder" && (await leaderCount(tx, credential !== null)) <= 1)
      return { kind: "conflict", message: campAccountMessages.lastLeader };
    await tx.delete(campAccounts).where(eq(campAccounts.username, name));
    await endAccountTokens(tx, name, now);
    return { kind: "ok", created: false };
  });
}

/** Ends every camp token of one account ("Logg ut overalt", a reset password, a removed account). */
export async function endAccountTokens(db: Db, username: string, now: Date, includeUnnamed = false): Promise<number> {
  const rows = await db
    .update(adminTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(adminTokens.area, "camp"),
        isNull(adminTokens.revokedAt),
        includeUnnamed ? or(eq(adminTokens.account, username), isNull(adminTokens.account)) : eq(adminTokens.account, username),
      ),
    )
    .returning({ hash: adminTokens.tokenHash });
  return rows.length;
}

/** Two leaders removing each other at once take turns (a transaction-scoped advisory lock). */
async function lockAccounts(tx: Db) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('camp_accounts'))`);
}

async function leaderCount(tx: Db, hasConfigured: boolean): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(campAccounts)
    .where(eq(campAccounts.role, "leder"));
  return (row?.count ?? 0) + (hasConfigured ? 1 : 0);
}
