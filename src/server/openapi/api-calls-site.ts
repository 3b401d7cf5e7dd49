import { json, list } from "./api-call-helpers.ts";
import type { ApiCall } from "./api-call-types.ts";

/** «Nettsted»: the club's own site (leder and redaktør; innsjekk gets 403). */
export const siteCalls: readonly ApiCall[] = [
  {
    method: "GET",
    path: "/api/Nettsted/Get",
    tag: "Nettsted",
    summary: "Every section of the site's facts (training times, prices, contact, sponsors, equipment, front page, news).",
    answer: json("SiteContent", "The sections by name."),
  },
  {
    method: "PUT",
    path: "/api/NettstedAdmin/Put/:section/:token",
    tag: "Nettsted",
    summary: "Replace one section whole; the pages (and the camp PDFs, for `kontakt`) follow within seconds on every process.",
    description:
      'The body is the section\'s schema: `treningstider` SiteTrainingTimes (`{ sessions: [{ group, days, time, section: "barn" | "ungdomvoksen" }] }`), `priser` SitePrices, `kontakt` SiteContact, `samarbeidspartnere` SiteSponsors, `utstyr` SiteEquipment, `forside` SiteFrontPage, `nyheter` SiteNews. Text is stored and shown as text, never as markup. An unchanged section logs nothing (`change` is null).',
    admin: true,
    body: { kind: "json", description: "The whole section (see the description for each section's schema)." },
    answer: json("SiteSaveAnswer", "The section as stored and the change log entry."),
    errors: { 403: "The account may not edit the site (innsjekk).", 404: "No such section." },
  },
  {
    method: "GET",
    path: "/api/NettstedAdmin/Changes/:token",
    tag: "Nettsted",
    summary: "The change log, newest first (the latest 200): who, when, what, and whether «Angre» is offered.",
    admin: true,
    answer: list("SiteChange", "The changes."),
    errors: { 403: "The account may not edit the site (innsjekk)." },
  },
  {
    method: "POST",
    path: "/api/NettstedAdmin/Undo/:changeId/:token",
    tag: "Nettsted",
    summary: "«Angre»: put the section back as it was before the change, logged as a change of its own.",
    admin: true,
    answer: json("SiteSaveAnswer", "The section as stored and the undo's log entry."),
    errors: {
      403: "The account may not edit the site (innsjekk).",
      404: "No such change.",
      409: "The section changed after it, or it is undone already.",
    },
  },
  {
    method: "POST",
    path: "/api/NettstedAdmin/Image/:kind/:token",
    tag: "Nettsted",
    summary:
      "Upload a sponsor logo or a news picture: checked by its content (JPEG, PNG or WebP), size and pixel count, scaled down, re-encoded as WebP without metadata, served at /bilder/nettsted/{id}.webp with a year's caching.",
    admin: true,
    body: { kind: "file", description: "The picture itself as the raw body." },
    answer: json("SiteImage", "The picture's id and its width and height as stored.", { status: 201 }),
    errors: { 403: "The account may not edit the site (innsjekk).", 404: "No such kind.", 413: "The file is larger than 8 MB." },
  },
];
