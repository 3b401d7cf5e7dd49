/** The three admin areas (decision D4). Each has its own credential and token lifetime. */
export const adminAreas = ["camp", "newmember", "invoice"] as const;
export type AdminArea = (typeof adminAreas)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

export interface AdminAreaConfig {
  hasUsername: boolean;
  tokenLifetimeMs: number;
  /** The environment keys that configure the credential. */
  passwordEnv: "CAMP_ADMIN_PASSWORD" | "NEWMEMBER_ADMIN_PASSWORD" | "INVOICE_ADMIN_PASSWORD";
  /** The answer body of a failed login, as the admin pages show it (spec §5). */
  wrongCredentialsMessage: string;
}

export const adminAreaConfig: Record<AdminArea, AdminAreaConfig> = {
  camp: {
    hasUsername: true,
    tokenLifetimeMs: DAY_MS,
    passwordEnv: "CAMP_ADMIN_PASSWORD",
    wrongCredentialsMessage: "Feil brukernavn/passord.",
  },
  newmember: {
    hasUsername: false,
    tokenLifetimeMs: 150 * DAY_MS,
    passwordEnv: "NEWMEMBER_ADMIN_PASSWORD",
    wrongCredentialsMessage: "Feil passord.",
  },
  invoice: {
    hasUsername: false,
    tokenLifetimeMs: 150 * DAY_MS,
    passwordEnv: "INVOICE_ADMIN_PASSWORD",
    wrongCredentialsMessage: "Feil passord.",
  },
};

/** The camp username when CAMP_ADMIN_USERNAME is not set. */
export const defaultCampUsername = "admin";

export function isAdminArea(value: string): value is AdminArea {
  return (adminAreas as readonly string[]).includes(value);
}
