/**
 * Every public page with its title and description. The web app reads its <title> and meta description
 * from here, the server renders these paths as static pages and lists them in the sitemap.
 */
export interface SitePage {
  path: string;
  title: string;
  description: string;
  /** Rendered by the server to static HTML (without the React runtime) and listed in the sitemap. */
  static: boolean;
}

const page = (path: string, title: string, description: string, isStatic = true): SitePage => ({
  path,
  title,
  description,
  static: isStatic,
});

export const sitePages: SitePage[] = [
  page("/", "Ski Taekwondo Klubb", "Taekwondo i Ski siden 1978. Trening for barn, ungdom og voksne – kom på en gratis prøvetime."),
  page("/treningstider", "Treningstider", "Når barnepartiet, ungdom/voksenpartiet og de andre gruppene i Ski Taekwondo Klubb trener."),
  page("/menu", "Meny", "Alle sidene på nettstedet til Ski Taekwondo Klubb."),
  page("/om/oss", "Om oss", "Ski Taekwondo Klubb ble stiftet i 1978 og er en av de eldste taekwondoklubbene i Norge."),
  page("/om/taekwondo", "Om taekwondo", "Hva taekwondo er: en koreansk kampkunst for kropp, hode og selvforsvar."),
  page("/barnepartiet/informasjon", "Barnepartiet", "Taekwondo for barn fra 8 til 12 år i Ski, med nybegynnergruppe og viderekommengruppe."),
  page("/barnepartiet/treningstider", "Treningstider for barnepartiet", "Når barnepartiet i Ski Taekwondo Klubb trener."),
  page("/barnepartiet/priser", "Priser for barnepartiet", "Hva det koster å trene i barnepartiet i Ski Taekwondo Klubb."),
  page("/ungdomvoksenpartiet/informasjon", "Ungdom/voksenpartiet", "Taekwondo for ungdom og voksne fra 12 år i Ski, uansett erfaring."),
  page("/ungdomvoksenpartiet/treningstider", "Treningstider for ungdom/voksenpartiet", "Når ungdom og voksne i Ski Taekwondo Klubb trener."),
  page("/ungdomvoksenpartiet/priser", "Priser for ungdom/voksenpartiet", "Hva det koster å trene i ungdom/voksenpartiet i Ski Taekwondo Klubb."),
  page("/trimrom/informasjon", "Trimrom", "Klubbens eget trimrom i treningslokalet i Ski, også for foreldre."),
  page("/trimrom/priser", "Priser for trimrommet", "Hva det koster å bruke trimrommet til Ski Taekwondo Klubb."),
  page("/teori/informasjon", "Teori", "Teorien bak taekwondo: bøker, begreper og pensum til gradering."),
  page(
    "/teori/taegeukgi",
    "Taegeukgi – det koreanske flagget",
    "Hva det koreanske flagget, taegeukgi, betyr, og hvordan det henger sammen med poomsae.",
  ),
  page("/teori/mom", "Mom – kroppen", "De koreanske navnene på kroppens treffpunkter i taekwondo."),
  page("/teori/pensum", "Pensum", "Klubbens pensumhefte og TTUs krav til cup- og dan-gradering."),
  page("/samarbeidspartnere", "Samarbeidspartnere", "Firmaene som støtter Ski Taekwondo Klubb."),
  page("/utstyr", "Utstyr", "Treningsdrakt, dobok, belter og annet utstyr for medlemmer av Ski Taekwondo Klubb."),
  page("/kontakt", "Kontakt", "Slik kommer du i kontakt med Ski Taekwondo Klubb, og hvor vi trener."),
  page(
    "/personvern",
    "Personvern",
    "Hvilke opplysninger Ski Taekwondo Klubb samler inn, hvorfor, hvor lenge de lagres og hvilke rettigheter du har.",
  ),
  page(
    "/salgsbetingelser",
    "Salgsbetingelser",
    "Vilkårene for påmelding til graderinger og kurs og bestilling av klubbtøy i Ski Taekwondo Klubb: priser, betaling og avbestilling.",
  ),
  page("/arrangementer", "Arrangementer", "Vinterleiren og andre arrangementer i Ski Taekwondo Klubb."),
  page("/vinterleir", "Vinterleir", "Vinterleiren for alle TTU-klubber: tre dager med trening, gradering og fellesskap."),
  page("/vinterleir/schedule", "Program og flyer – vinterleir", "Programmet for vinterleiren, med flyer for barn, voksne og andre klubber."),
  page("/vinterleir/priser", "Priser – vinterleir", "Hva vinterleiren koster for utøvere og ledsagere."),
  page("/vinterleir/print/program", "Program for vinterleiren (utskrift)", "Utskriftsvennlig program for vinterleiren."),
];

/**
 * The check-in page at the door: it has a web app manifest and a service worker of its own (scoped to this
 * path), so the site's manifest is left off it.
 */
export const checkInPagePath = "/vinterleir/deltakere/innsjekk";

/** The privacy statement: linked from every page's footer and next to the consent on every form. */
export const privacyPath = "/personvern";

/** The terms of sale of the club's events: linked from every event's page, its checkout and the footer. */
export const termsPath = "/salgsbetingelser";

/** Rendered like the pages above and sent with status 404 for every unknown address. */
export const notFoundPage = page("/404", "Fant ikke siden", "Siden du leter etter finnes ikke på nettstedet til Ski Taekwondo Klubb.");

export const staticPaths = sitePages.filter((p) => p.static).map((p) => p.path);

/**
 * The working pages (forms, admin, payment result): rendered by the server for every request with their
 * first view and the runtime, and hydrated in the browser.
 */
export const clientOnlyPathPatterns: RegExp[] = [
  /^\/vinterleir\/registrering(\/.*)?$/,
  /^\/vinterleir\/deltakere(\/admin|\/innsjekk)?$/,
  // The link in a waiting-list offer mail.
  /^\/vinterleir\/venteliste\/[^/]+$/,
  // "Min påmelding": the form that mails a lost link, and the page behind the link (an unknown link is
  // answered 404 by the camp routes before it gets here).
  /^\/vinterleir\/min-pamelding(\/[^/]+)?$/,
  // Without an order id the result page says so (spec §8 'Ingen ordreid???').
  /^\/vipps(\/[^/]+)?$/,
  /^\/nyttmedlem(\/sjekk)?$/,
  // An event's page with its form, and the event admin (the slug "admin" is reserved for it).
  /^\/arrangementer\/[a-z0-9-]+$/,
  // The events' door: the chooser, and one event's door.
  /^\/arrangementer\/admin\/dor(\/[a-z0-9-]+)?$/,
  // The link in an event's waiting-list offer mail.
  /^\/arrangementer\/venteliste\/[^/]+$/,
  // An event order's personal link (an unknown link is answered 404 by the event routes before it gets here).
  /^\/arrangementer\/min-pamelding\/[^/]+$/,
  // «Min side», the family's page behind any link (an unknown link is answered 404 by its route first).
  /^\/min-side\/[^/]+$/,
  /^\/invoices(\/.*)?$/,
  // «Nettsted»: the club's own admin of the site's facts.
  /^\/nettsted\/admin$/,
];

/** Bare section paths and where they go. */
export const redirects: Record<string, string> = {
  "/om": "/om/oss",
  "/barnepartiet": "/barnepartiet/informasjon",
  "/ungdomvoksenpartiet": "/ungdomvoksenpartiet/informasjon",
  "/trimrom": "/trimrom/informasjon",
  "/teori": "/teori/informasjon",
};

export function findSitePage(path: string): SitePage | undefined {
  const normalised = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return sitePages.find((p) => p.path === normalised) ?? (normalised === notFoundPage.path ? notFoundPage : undefined);
}

export interface NavigationItem {
  name: string;
  link: string;
  /** The path prefix that makes the item active. */
  section: string;
}

export const navigationItems: NavigationItem[] = [
  { name: "Om oss", link: "/om/oss", section: "/om" },
  { name: "Barnepartiet", link: "/barnepartiet/informasjon", section: "/barnepartiet" },
  { name: "Ungdom/voksenpartiet", link: "/ungdomvoksenpartiet/informasjon", section: "/ungdomvoksenpartiet" },
  { name: "Trimrom", link: "/trimrom/informasjon", section: "/trimrom" },
  { name: "Teori", link: "/teori/informasjon", section: "/teori" },
  { name: "Samarbeidspartnere", link: "/samarbeidspartnere", section: "/samarbeidspartnere" },
  { name: "Utstyr", link: "/utstyr", section: "/utstyr" },
  { name: "Arrangementer", link: "/arrangementer", section: "/arrangementer" },
  { name: "Kontakt", link: "/kontakt", section: "/kontakt" },
];
