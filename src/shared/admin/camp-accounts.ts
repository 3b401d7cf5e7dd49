import { z } from "zod";
import { hasOnlyUsableCharacters } from "../text-rules.ts";
import { maxAdminPasswordLength, minAdminPasswordLength, passwordProblemMessages } from "./password-rule.ts";

/**
 * The club's named accounts. `leder` may do everything; `innsjekk` may read the camp's admin list without
 * the allergy and other-information texts (flags only), check people in and mark payments at the door;
 * `redaktør` edits the site («Nettsted») and sees no camp data or money.
 */
export const campRoles = ["leder", "innsjekk", "redaktør"] as const;
const CampRoleSchema = z.enum(campRoles, { error: "Velg rollen leder, redaktør eller innsjekk." });
export type CampRole = z.infer<typeof CampRoleSchema>;

/** The roles that see the camp's data (the participant lists, check-in, payments). */
export const campDataRoles = ["leder", "innsjekk"] as const satisfies readonly CampRole[];
/** The roles that edit the site. */
export const siteEditorRoles = ["leder", "redaktør"] as const satisfies readonly CampRole[];

export const campRoleLabels: Record<CampRole, string> = { leder: "Leder", innsjekk: "Innsjekk", redaktør: "Redaktør" };
export const campRoleDescriptions: Record<CampRole, string> = {
  leder: "Alt: deltakere, refusjon, avbestilling, eksport, lister, leirer, venteliste og hjelpere.",
  innsjekk: "Innsjekk og betaling ved oppmøte. Ser at noen har allergier, men ikke hva.",
  redaktør: "Nettstedet: treningstider, priser, kontakt, samarbeidspartnere, utstyr, forside og nyheter. Ser ingen deltakere eller betalinger.",
};

/** Lower-case letters, digits, dot, dash and underscore; the login compares in lower case. */
const campUsernamePattern = /^[a-z0-9][a-z0-9._-]{1,39}$/;
/** Names the server writes in the money log for its own actions; no account may take them. */
const reservedCampUsernames = ["system", "camp-admin", "vipps-webhook", "reconciliation"] as const;

const CampUsernameSchema = z
  .string({ error: "Skriv et brukernavn." })
  .trim()
  .toLowerCase()
  .regex(campUsernamePattern, "Brukernavnet må ha 2–40 tegn: små bokstaver a–z, tall, punktum, bindestrek eller understrek.")
  .refine((value) => !(reservedCampUsernames as readonly string[]).includes(value), "Dette brukernavnet er reservert. Velg et annet.");

/** POST /api/VinterleirAdmin/Accounts/{token}: creates the account, or resets its name, role and password. */
export const CampAccountInputSchema = z.object({
  username: CampUsernameSchema,
  name: z.string({ error: "Skriv navnet til hjelperen." }).trim().min(1, "Skriv navnet til hjelperen.").max(100, "Navnet kan ha høyst 100 tegn."),
  role: CampRoleSchema,
  /**
   * The new password itself, sent once (over HTTPS) so the server can check the rule (password-rule.ts);
   * it stores only a slow hash of the digest the login sends. Length and characters are checked here, the
   * common-password list by the server (and by the form before sending).
   */
  password: z
    .string({ error: "Skriv et passord." })
    .refine((value) => [...value].length >= minAdminPasswordLength, passwordProblemMessages["too-short"])
    .refine((value) => [...value].length <= maxAdminPasswordLength, passwordProblemMessages["too-long"])
    .refine((value) => hasOnlyUsableCharacters(value), passwordProblemMessages.characters),
});
export type CampAccountInput = z.infer<typeof CampAccountInputSchema>;

export const CampAccountSchema = z.object({
  username: z.string(),
  name: z.string(),
  role: CampRoleSchema,
  /** The account set up on the server (CAMP_ADMIN_USERNAME/PASSWORD): changed there, not here. */
  configured: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type CampAccount = z.infer<typeof CampAccountSchema>;

/** GET /api/VinterleirAdmin/Me/{token}: who is signed in. */
export const CampMeSchema = z.object({ username: z.string(), name: z.string(), role: CampRoleSchema });
export type CampMe = z.infer<typeof CampMeSchema>;

export const campAccountMessages = {
  forbidden: "Du har ikke tilgang til dette. Be lederen av leiren om hjelp.",
  notFound: "Fant ikke hjelperen.",
  configured: "Denne kontoen er satt opp på serveren (CAMP_ADMIN_USERNAME og CAMP_ADMIN_PASSWORD) og endres der.",
  lastLeader: "Den siste lederen kan ikke fjernes.",
  self: "Du kan ikke fjerne kontoen du er logget inn med.",
} as const;
