/**
 * Every cookie the site sets, in one place: the code that sets a cookie takes its name, path and lifetime
 * from here, and /personvern lists them from here, so the statement cannot forget one. The site sets no
 * cookie for statistics or advertising, and none before a visitor starts a form or signs in.
 */
export interface SiteCookie {
  name: string;
  path: string;
  /** Seconds. */
  maxAgeSeconds: number;
  /** Norwegian, for /personvern: what it is for. */
  purpose: string;
}

const DAY = 24 * 60 * 60;

/** A wizard keeps its draft in a cookie of this name, and in `{name}_1` …, `{name}_parts` and `{name}_step`. */
const draftLifetime = 3 * DAY;

export const siteCookies = {
  campDraft: {
    name: "vinterleir_registrering",
    path: "/vinterleir/registrering",
    maxAgeSeconds: draftLifetime,
    purpose:
      "Husker det du har fylt ut i påmeldingen til vinterleiren, så du kan fortsette senere (i flere deler når den er lang). Allergier og fritekst lagres ikke her.",
  },
  newMemberDraft: {
    name: "nyttmedlem_registrering",
    path: "/nyttmedlem",
    maxAgeSeconds: draftLifetime,
    purpose: "Husker det du har fylt ut i skjemaet for nye medlemmer, så du kan fortsette senere.",
  },
  campAdmin: {
    name: "adminToken",
    path: "/",
    maxAgeSeconds: DAY,
    purpose: "Holder deg innlogget som leder, redaktør eller innsjekk i klubbens administrasjon.",
  },
  invoiceAdmin: {
    name: "invoiceAdminToken",
    path: "/",
    maxAgeSeconds: 150 * DAY,
    purpose: "Holder kassereren innlogget i fakturaoversikten.",
  },
  newMemberAdmin: {
    name: "newMemberAdminToken",
    path: "/",
    maxAgeSeconds: 150 * DAY,
    purpose: "Holder den som følger opp nye medlemmer innlogget.",
  },
} as const satisfies Record<string, SiteCookie>;

/** Read by /personvern: what the browser keeps for this tab only (gone when the tab is closed). */
export const tabStorage = [
  { name: "Allergier og fritekst i påmeldingen", purpose: "Ligger bare i fanen mens du fyller ut, og sendes først når du melder på." },
  { name: "Lenken til «Min påmelding»", purpose: "Så du kommer tilbake til påmeldingen din i samme fane." },
  { name: "Innsjekk uten nett", purpose: "Innsjekkinger gjort uten nettdekning venter i fanen til de kan sendes." },
] as const;
