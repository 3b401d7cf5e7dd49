import { adminApiNames, type AdminApiName } from "../../shared/admin/admin-api.ts";

/** The three admin areas (docs/decisions/0004-admin-auth.md). Each has its own credential and token lifetime. */
export const adminAreas = ["camp", "newmember", "invoice"] as const;
export type AdminArea = (typeof adminAreas)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

export interface AdminAreaConfig {
  hasUsername: boolean;
  /** The first path segment of the area's API calls: /api/{apiName}/GetToken/…, /api/{apiName}/Logout/{token}. */
  apiName: AdminApiName;
  /** The upper bound of a token's life; log-out ends it sooner. */
  tokenLifetimeMs: number;
  /** The environment keys that configure the credential. */
  passwordEnv: "CAMP_ADMIN_PASSWORD" | "NEWMEMBER_ADMIN_PASSWORD" | "INVOICE_ADMIN_PASSWORD";
  /** The answer body of a failed login, as the admin pages show it (and compare against). */
  wrongCredentialsMessage: string;
}

export const adminAreaConfig: Record<AdminArea, AdminAreaConfig> = {
  camp: {
    apiName: adminApiNames.camp,
    hasUsername: true,
    tokenLifetimeMs: DAY_MS,
    passwordEnv: "CAMP_ADMIN_PASSWORD",
    wrongCredentialsMessage: "Feil brukernavn/passord.",
  },
  newmember: {
    apiName: adminApiNames.newmember,
    hasUsername: false,
    tokenLifetimeMs: 150 * DAY_MS,
    passwordEnv: "NEWMEMBER_ADMIN_PASSWORD",
    wrongCredentialsMessage: "Feil passord.",
  },
  invoice: {
    apiName: adminApiNames.invoice,
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
