import { z } from "zod";
import { adminPasswordProblem } from "./admin-auth/password-policy.ts";
import { defaultProcessorsSetting, parseProcessors, retentionDefaults } from "../shared/site/privacy-facts.ts";

/** A clear-text admin password: long enough and not a common one (admin-auth/password-policy.ts). */
const adminPassword = z.string().superRefine((value, context) => {
  const problem = adminPasswordProblem(value);
  if (problem) context.addIssue({ code: "custom", message: problem });
});

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Default: 127.0.0.1 outside production (the development conveniences stay on this machine), 0.0.0.0 in production. */
  HOST: z.string().min(1).optional(),
  /**
   * Outside production only: the instant the server's clock starts at (ISO 8601 with an offset, e.g.
   * 2026-11-29T10:00:00+01:00); it then runs on in real time. Lets a test or a demo live on any day of
   * the season. Every rule, job, page, mail and the Vipps simulator read this one clock (clock.ts).
   */
  CLOCK_START: z.iso.datetime({ offset: true }).optional(),
  /** Where the embedded database and other local data live. */
  DATA_DIR: z.string().min(1).default("./data"),
  /** The built site (the output of `npm run build`). */
  STATIC_DIR: z.string().min(1).default("./build/client"),
  /** The public address of the site, used in the sitemap and in links we send out. */
  PUBLIC_BASE_URL: z.url().optional(),
  /**
   * Which proxies may tell us the client's address (X-Forwarded-For): "true" (all — only behind a proxy
   * that overwrites the header), a hop count, or addresses/CIDRs separated by commas. Off by default.
   */
  TRUST_PROXY: z
    .string()
    .default("false")
    .transform((value): boolean | string | ((address: string, hop: number) => boolean) => {
      if (value === "true" || value === "false") return value === "true";
      if (!/^\d+$/.test(value)) return value;
      const hops = Number(value);
      return (_address, hop) => hop < hops;
    }),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Pins the winter camp's year; otherwise the coming season is used. */
  CAMP_YEAR: z.coerce.number().int().min(2000).max(2100).optional(),
  /** PostgreSQL instead of the embedded database in DATA_DIR (secret: may hold a password). */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  /** Admin credentials (secrets, never logged); without them see docs/operations.md, "Admin credentials". */
  CAMP_ADMIN_USERNAME: z.string().min(1).max(100).optional(),
  CAMP_ADMIN_PASSWORD: adminPassword.optional(),
  NEWMEMBER_ADMIN_PASSWORD: adminPassword.optional(),
  INVOICE_ADMIN_PASSWORD: adminPassword.optional(),
  /** The accounting system's export of unpaid invoices (D8): a file path or an https URL. Without it, uploads. */
  INVOICE_SOURCE: z
    .string()
    .refine((value) => !/^[a-z][a-z0-9+.-]*:\/\//i.test(value) || /^https:\/\//i.test(value), "must be a file path or an https:// URL")
    .optional(),
  /** JSON mapping of the export's column headers, e.g. {"name":"Medlem","amount":"Utestående"} (docs/operations.md, "Invoice export"). */
  INVOICE_COLUMNS: z.string().optional(),
  /** Outgoing mail server, e.g. smtps://user:password@smtp.example.no:465 (secret). Without it mail goes to DATA_DIR/mail. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  /** The sender of every mail the site sends. */
  MAIL_FROM: z.string().min(3).default("Ski Taekwondo Klubb <ikke-svar@skitaekwondo.no>"),
  /** Vipps MobilePay (docs/decisions/0006-vipps.md): https://apitest.vipps.no (test) or https://api.vipps.no. */
  VIPPS_BASE_URL: z.url().default("https://apitest.vipps.no"),
  /** Vipps API keys (secrets, never logged). Without all four: the built-in simulator (not in production). */
  VIPPS_CLIENT_ID: z.string().min(1).optional(),
  VIPPS_CLIENT_SECRET: z.string().min(1).optional(),
  VIPPS_SUBSCRIPTION_KEY: z.string().min(1).optional(),
  VIPPS_MSN: z
    .string()
    .regex(/^\d{4,7}$/, "must be 4–7 digits")
    .optional(),
  /** The secret from the webhook registration (docs/operations.md, "Vipps in production"). */
  VIPPS_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** How often the Vipps reconciliation job looks for due payments (it is also kicked by webhooks and new work). */
  VIPPS_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(50).max(3_600_000).default(5_000),
  /** "true": the simulator even with VIPPS_* keys set; "false": no simulator (Vipps off without keys). Never in production. */
  VIPPS_SIMULATOR: z.enum(["true", "false"]).optional(),
  /**
   * "true": the simulator's test controls (faults, request log, webhook registration, its credentials) and
   * webhooks to loopback addresses, for the reliability tests and benchmarks. On by itself with NODE_ENV=test;
   * never in production.
   */
  VIPPS_SIMULATOR_CONTROL: z.enum(["true", "false"]).optional(),
  /** Registrations (camp, new member) one client address may post per minute; 0 = no limit (load benchmarks). */
  PUBLIC_POST_RATE_LIMIT: z.coerce.number().int().min(0).default(60),
  /** Privacy (D6, docs/operations.md): days after the camp's last day before an edition's personal data is anonymised. */
  CAMP_ANONYMISE_AFTER_DAYS: z.coerce.number().int().min(0).max(3650).default(retentionDefaults.campAnonymiseAfterDays),
  /** Years after the end of an edition's calendar year that its payment records are kept (accounting law: 5), then deleted. */
  ACCOUNTING_RETENTION_YEARS: z.coerce.number().int().min(5).max(100).default(retentionDefaults.accountingRetentionYears),
  /**
   * Where the club is told that a new-member interest arrived (the person who follows up trial lessons).
   * Unset: the general address the club keeps in «Nettsted», as it stands when the notice is written.
   */
  NEWMEMBER_NOTICE_EMAIL: z.email().optional(),
  /** Where answers to the leader's messages go. Unset: the general address the club keeps in «Nettsted». */
  MAIL_REPLY_TO: z.email().optional(),
  /** Months a new-member interest registration is kept before it is deleted. */
  NEWMEMBER_RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(retentionDefaults.newMemberRetentionMonths),
  /** Mails handed to SMTP per minute at most (the provider's sending limit); the outbox sends the rest later. */
  MAIL_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(60),
  /** Days a sent (or finally failed) mail stays in the outbox; it holds names and addresses. */
  MAIL_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(retentionDefaults.mailRetentionDays),
  /** Days the invoice list (names, addresses, amounts owed) and the stored upload are kept after an import not replaced since. */
  INVOICE_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(retentionDefaults.invoiceRetentionDays),
  /**
   * Who processes personal data for the club, as /personvern names them: `navn|oppgave|hvor` per processor,
   * separated by `;` (shared/site/privacy-facts.ts).
   */
  PRIVACY_PROCESSORS: z
    .string()
    .default(defaultProcessorsSetting)
    .refine((value) => parseProcessors(value) !== undefined, "expected `navn|oppgave|hvor` per processor, separated by `;`"),
});

export type Env = Omit<z.infer<typeof EnvSchema>, "HOST" | "PUBLIC_BASE_URL"> & { HOST: string; PUBLIC_BASE_URL: string };

/** Keys that are only for development and tests: a public server must not run the simulator or its controls. */
const developmentOnlyKeys = ["VIPPS_SIMULATOR", "VIPPS_SIMULATOR_CONTROL"] as const;

function productionConflicts(source: Record<string, string | undefined>): string[] {
  if (source.NODE_ENV !== "production") return [];
  const simulator = developmentOnlyKeys
    .filter((key) => source[key] === "true")
    .map((key) => `  ${key}: the built-in Vipps simulator is for development and tests only; not allowed with NODE_ENV=production`);
  // A public server that lives on another day would take money on wrong prices and deadlines.
  const clock = source.CLOCK_START
    ? ["  CLOCK_START: a server whose clock starts at another instant is for development and tests only; not allowed with NODE_ENV=production"]
    : [];
  return [...simulator, ...clock];
}

/** Reads the environment and fails with a list of every bad key, never with the values (they may be secrets). */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const result = EnvSchema.safeParse(cleaned);
  const problems = [
    ...(result.success ? [] : result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`)),
    ...productionConflicts(cleaned),
  ];
  if (!result.success || problems.length > 0) throw new Error(`Invalid environment:\n${problems.join("\n")}`);
  const env = result.data;
  const production = env.NODE_ENV === "production";
  return {
    ...env,
    HOST: env.HOST ?? (production ? "0.0.0.0" : "127.0.0.1"),
    // The local demo's links (Vipps simulator, mails) must lead back to this machine, not to the real site.
    PUBLIC_BASE_URL: env.PUBLIC_BASE_URL ?? (production ? "https://skitaekwondo.no" : `http://127.0.0.1:${env.PORT}`),
  };
}

/** The simulator's test controls: under NODE_ENV=test, or with VIPPS_SIMULATOR_CONTROL=true (never in production). */
export function simulatorControlEnabled(env: Pick<Env, "NODE_ENV" | "VIPPS_SIMULATOR_CONTROL">): boolean {
  if (env.NODE_ENV === "production") return false;
  return env.NODE_ENV === "test" || env.VIPPS_SIMULATOR_CONTROL === "true";
}
