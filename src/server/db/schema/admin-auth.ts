import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** One credential per admin area. Only a salted scrypt hash of the browser's SHA-256 digest is kept. */
export const adminCredentials = pgTable("admin_credentials", {
  area: text("area").primaryKey(),
  /** Only the camp area has a username. */
  username: text("username"),
  passwordHash: text("password_hash").notNull(),
  /** "env", "command" or "development"; a development password is never accepted in production. */
  source: text("source").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

/** Issued tokens, stored as SHA-256 hashes so a database leak does not hand out sessions. */
export const adminTokens = pgTable(
  "admin_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    area: text("area").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** Camp only: the username of the account that signed in; null on tokens from before named accounts. */
    account: text("account"),
  },
  (table) => [index("admin_tokens_expires_at_idx").on(table.expiresAt), index("admin_tokens_account_idx").on(table.area, table.account)],
);

/**
 * Login attempts under way or failed, kept in the database so the limit holds across processes.
 * A successful attempt removes its own row; rows older than the window are pruned.
 */
export const adminLoginAttempts = pgTable(
  "admin_login_attempts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    clientAddress: text("client_address").notNull(),
    /** Area plus lower-cased username (camp) or the area alone (password-only areas). */
    account: text("account").notNull(),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("admin_login_attempts_client_idx").on(table.clientAddress, table.attemptedAt),
    index("admin_login_attempts_account_idx").on(table.account, table.attemptedAt),
  ],
);
