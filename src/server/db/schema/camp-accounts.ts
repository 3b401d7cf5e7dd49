import { sql } from "drizzle-orm";
import { check, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The camp admin's named helper accounts (docs/decisions/0004-admin-auth.md, "Camp accounts"). The account
 * configured on the server (CAMP_ADMIN_USERNAME/PASSWORD, kept in admin_credentials) is a `leder` too and is
 * not stored here. Only a salted scrypt hash of the browser's SHA-256 digest is kept.
 */
export const campAccounts = pgTable(
  "camp_accounts",
  {
    /** Lower case, as typed at the login. */
    username: text("username").primaryKey(),
    name: text("name").notNull(),
    role: text("role", { enum: ["leder", "innsjekk", "redaktør"] }).notNull(),
    passwordHash: text("password_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    /** The username of the account that created it or last reset its password. */
    updatedBy: text("updated_by").notNull(),
  },
  (table) => [check("camp_accounts_role_check", sql`${table.role} in ('leder', 'innsjekk', 'redaktør')`)],
);
