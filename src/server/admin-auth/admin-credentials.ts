import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { adminCredentials } from "../db/schema/admin-auth.ts";
import type { Env } from "../env.ts";
import { adminAreaConfig, adminAreas, defaultCampUsername, type AdminArea } from "./admin-areas.ts";
import { revokeAllTokens } from "./admin-tokens.ts";
import { hashPasswordDigest, sha256Hex, verifyPasswordDigest } from "./password-hash.ts";

export type CredentialSource = "env" | "command" | "development";

export interface AdminCredential {
  area: AdminArea;
  username: string | null;
  passwordHash: string;
  source: CredentialSource;
}

/** Stores a plain password as the browser will send it (SHA-256 hex), salted and scrypt-hashed. */
export async function setAdminPassword(
  db: Db,
  area: AdminArea,
  password: string,
  options: { username?: string; source: CredentialSource; now: Date; onlyIfMissing?: boolean },
): Promise<boolean> {
  const row = {
    area,
    username: adminAreaConfig[area].hasUsername ? (options.username ?? defaultCampUsername) : null,
    passwordHash: await hashPasswordDigest(sha256Hex(password)),
    source: options.source,
    updatedAt: options.now,
  };
  const insert = db.insert(adminCredentials).values(row);
  // Two processes generating a development password at once: the first one wins, only it prints.
  const written = options.onlyIfMissing
    ? await insert.onConflictDoNothing().returning({ area: adminCredentials.area })
    : await insert.onConflictDoUpdate({ target: adminCredentials.area, set: row }).returning({ area: adminCredentials.area });
  return written.length > 0;
}

/** The credential that may be used; a generated development password never counts in production. */
export async function findUsableCredential(db: Db, area: AdminArea, env: Pick<Env, "NODE_ENV">): Promise<AdminCredential | null> {
  const [row] = await db.select().from(adminCredentials).where(eq(adminCredentials.area, area));
  if (!row) return null;
  if (row.source === "development" && env.NODE_ENV === "production") return null;
  return { ...row, area, source: row.source as CredentialSource };
}

export interface CredentialReport {
  /** Development passwords generated now, to be printed once on the console. */
  generated: { area: AdminArea; username: string | null; password: string }[];
  /** Areas that stay closed (production without a credential). */
  missing: AdminArea[];
}

/**
 * Start-up: configured credentials (env) replace the stored ones; without any, development gets a random
 * password (stored hashed, shown once) and production leaves the area closed.
 */
export async function ensureAdminCredentials(db: Db, env: Env, now: Date): Promise<CredentialReport> {
  const report: CredentialReport = { generated: [], missing: [] };
  for (const area of adminAreas) {
    const password = env[adminAreaConfig[area].passwordEnv];
    const username = area === "camp" ? (env.CAMP_ADMIN_USERNAME ?? defaultCampUsername) : undefined;
    const stored = await findUsableCredential(db, area, env);
    if (password) {
      const unchanged =
        stored?.source === "env" && stored.username === (username ?? null) && (await verifyPasswordDigest(sha256Hex(password), stored.passwordHash));
      if (!unchanged) {
        await setAdminPassword(db, area, password, { username, source: "env", now });
        // A changed password ends the sessions the old one opened.
        if (stored) await revokeAllTokens(db, area, now);
      }
    } else if (!stored) {
      if (env.NODE_ENV === "production") {
        report.missing.push(area);
        continue;
      }
      const generated = randomBytes(12).toString("base64url");
      if (await setAdminPassword(db, area, generated, { username, source: "development", now, onlyIfMissing: true })) {
        report.generated.push({ area, username: username ?? null, password: generated });
      }
    }
  }
  return report;
}
