import { z } from "zod";
import { osloCalendarDate, type CalendarDate } from "../time.ts";
import { ChangeLogEntrySchema, leafChanges, type ChangeLine, type FieldChange } from "../change-log.ts";

/**
 * The club's small chart of accounts for the export the accounts take («Regnskap»,
 * docs/decisions/0045-accounts-export.md): one account per role the export posts to, with NS 4102-style
 * numbers as defaults, which the treasurer may change. The roles are fixed (the posting rules name them); the
 * numbers and names are the club's.
 */
export const accountRoles = [
  "income-vinterleir",
  "income-gradering",
  "income-kurs",
  "income-salg",
  "bank",
  "vipps",
  "card",
  "cash",
  "fees",
  "refunds-owed",
] as const;
export type AccountRole = (typeof accountRoles)[number];

export interface ChartAccount {
  role: AccountRole;
  /** Four digits, as NS 4102 numbers them. */
  number: string;
  name: string;
}

/** The defaults for a Norwegian sports club (NS 4102: class 1 assets, 2 liabilities, 3 income, 7 other costs). */
export const defaultChart: readonly ChartAccount[] = [
  { role: "income-vinterleir", number: "3100", name: "Deltakeravgift vinterleir" },
  { role: "income-gradering", number: "3200", name: "Graderingsavgift" },
  { role: "income-kurs", number: "3300", name: "Kursavgift" },
  { role: "income-salg", number: "3400", name: "Salg av klubbutstyr" },
  { role: "bank", number: "1920", name: "Bankinnskudd" },
  { role: "vipps", number: "1925", name: "Vipps-konto/oppgjør" },
  { role: "card", number: "1910", name: "Kortterminal/oppgjør" },
  { role: "cash", number: "1900", name: "Kontanter" },
  { role: "fees", number: "7770", name: "Bank- og kortgebyr" },
  { role: "refunds-owed", number: "2900", name: "Skyldige tilbakebetalinger" },
];

/** What each role is for, as the treasurer's table says it. */
export const accountRoleLabels: Record<AccountRole, string> = {
  "income-vinterleir": "Inntekt vinterleir",
  "income-gradering": "Inntekt gradering",
  "income-kurs": "Inntekt kurs",
  "income-salg": "Inntekt salg",
  bank: "Bank (overføringer)",
  vipps: "Vipps (oppgjørskonto)",
  card: "Kort ved oppmøte",
  cash: "Kontant ved oppmøte",
  fees: "Gebyrer",
  "refunds-owed": "Skal betales tilbake (gjeld)",
};

export const accountsMessages = {
  number: "Kontonummeret må være fire siffer.",
  name: "Skriv kontoens navn.",
  nameLength: "Navnet kan være høyst 60 tegn.",
  roles: "Kontoplanen må ha hver konto nøyaktig én gang.",
  date: "Skriv en gyldig dato (ÅÅÅÅ-MM-DD).",
  period: "Fra-datoen kan ikke være etter til-datoen.",
  periodLength: "Perioden kan være høyst fem år.",
} as const;

export const ChartAccountSchema = z.object({
  role: z.enum(accountRoles),
  number: z
    .string({ error: accountsMessages.number })
    .trim()
    .regex(/^\d{4}$/, accountsMessages.number),
  name: z.string({ error: accountsMessages.name }).trim().min(1, accountsMessages.name).max(60, accountsMessages.nameLength),
});

/** PUT /api/Regnskap/Kontoplan/{token}: the whole chart, every role once. */
export const ChartSchema = z.object({
  accounts: z.array(ChartAccountSchema).superRefine((accounts, ctx) => {
    const roles = new Set(accounts.map((account) => account.role));
    if (roles.size !== accounts.length || accountRoles.some((role) => !roles.has(role)))
      ctx.addIssue({ code: "custom", message: accountsMessages.roles });
  }),
});
export type ChartInput = z.input<typeof ChartSchema>;

/** GET /api/Regnskap/Kontoplan/{token}: the chart in the roles' order, and its change log, oldest first. */
export const ChartAnswerSchema = z.object({
  accounts: z.array(ChartAccountSchema),
  changes: z.array(ChangeLogEntrySchema),
});
export type ChartAnswer = z.infer<typeof ChartAnswerSchema>;

/** The chart by role, the defaults under what the club stored. */
export function chartByRole(stored: readonly ChartAccount[]): Record<AccountRole, ChartAccount> {
  const byRole = Object.fromEntries(defaultChart.map((account) => [account.role, account])) as Record<AccountRole, ChartAccount>;
  for (const account of stored) if (account.role in byRole) byRole[account.role] = account;
  return byRole;
}

const isoDate = z.iso.date({ error: accountsMessages.date });

/** YYYY-MM-DD as the number YYYYMMDD: the same day five years later is 50 000 more. */
const dateNumber = (iso: string) => Number(iso.replaceAll("-", ""));

/** The period of an export: Oslo days, both included, at most five years (the last day before the same day five years on). */
export const PeriodSchema = z
  .object({ from: isoDate, to: isoDate })
  .refine((period) => period.from <= period.to, { message: accountsMessages.period, path: ["to"] })
  .refine((period) => dateNumber(period.to) < dateNumber(period.from) + 50_000, { message: accountsMessages.periodLength, path: ["to"] });
export type Period = z.infer<typeof PeriodSchema>;

/** The account totals of a period, as the treasurer's area shows them. */
export const AccountTotalSchema = z.object({ number: z.string(), name: z.string(), debit: z.number(), credit: z.number() });
export type AccountTotal = z.infer<typeof AccountTotalSchema>;
export const AccountTotalsAnswerSchema = z.object({
  from: z.string(),
  to: z.string(),
  accounts: z.array(AccountTotalSchema),
  debit: z.number(),
  credit: z.number(),
});
export type AccountTotalsAnswer = z.infer<typeof AccountTotalsAnswerSchema>;

/** An Oslo day as the period's dates write it, YYYY-MM-DD. */
export function isoDay(date: CalendarDate): string {
  return `${String(date.year).padStart(4, "0")}-${String(date.month).padStart(2, "0")}-${String(date.day).padStart(2, "0")}`;
}

/** The period the treasurer starts from: this year so far, on the club's clock. */
export function yearSoFar(now: Date): Period {
  const today = isoDay(osloCalendarDate(now));
  return { from: `${today.slice(0, 4)}-01-01`, to: today };
}

/** The file names of a period's exports. */
export function accountsFileName(period: Period, extension: "xlsx" | "csv"): string {
  return `regnskap-${period.from}-${period.to}.${extension}`;
}

/** A chart change log entry's lines: «Vipps (oppgjørskonto), kontonummer: 1925 → 1926». */
export function chartChangeLines(changes: readonly FieldChange[]): ChangeLine[] {
  return leafChanges(changes).map((change) => {
    const [role, field] = change.field.split(".") as [string, string | undefined];
    const roleLabel = accountRoleLabels[role as AccountRole] ?? role;
    const fieldLabel = field === "number" ? "kontonummer" : field === "name" ? "navn" : (field ?? "");
    return { label: `${roleLabel}, ${fieldLabel}`, change: `${String(change.from ?? "–")} → ${String(change.to ?? "–")}` };
  });
}
