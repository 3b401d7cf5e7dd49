import { z } from "zod";
import { campAccess, declareCall, jsonAnswer, publicAccess } from "../api/call.ts";
import { siteEditorRoles } from "../admin/camp-accounts.ts";
import { SiteChangeSchema, SiteContentSchema, SiteImageSchema, SiteSaveAnswerSchema, siteMessages } from "./site-content.ts";

/**
 * «Nettsted»: the club's own site, declared once (src/shared/api/call.ts). Every section for everybody; for
 * the accounts that edit the site (`leder`, `redaktør`; `innsjekk` gets 403) a whole section at a time, the
 * change log, undo and the pictures' upload, each with the camp account's token as its last path segment.
 */

const tag = "Nettsted";
const editors = campAccess(...siteEditorRoles);
const notEditor = "The account may not edit the site (innsjekk).";

export const siteCalls = {
  content: declareCall({
    method: "GET",
    path: "/api/Nettsted/Get",
    access: publicAccess,
    tag,
    summary: "Every section of the site's facts (training times, prices, contact, sponsors, equipment, front page, news).",
    answer: jsonAnswer(SiteContentSchema, "The sections by name."),
  }),
  put: declareCall({
    method: "PUT",
    path: "/api/NettstedAdmin/Put/:section/:token",
    access: editors,
    tag,
    summary: "Replace one section whole; the pages (and the camp PDFs, for `kontakt`) follow within seconds on every process.",
    description:
      'The body is the section\'s schema: `treningstider` SiteTrainingTimes (`{ sessions: [{ group, days, time, section: "barn" | "ungdomvoksen" }] }`), `priser` SitePrices, `kontakt` SiteContact, `samarbeidspartnere` SiteSponsors, `utstyr` SiteEquipment, `forside` SiteFrontPage, `nyheter` SiteNews. Text is stored and shown as text, never as markup. An unchanged section logs nothing (`change` is null).',
    // Which schema the body takes depends on the section in the path: the server checks it after the section.
    body: z.unknown().describe("The whole section (see the description for each section's schema)."),
    answer: jsonAnswer(SiteSaveAnswerSchema, "The section as stored and the change log entry."),
    errors: { 403: notEditor, 404: siteMessages.unknownSection },
  }),
  changes: declareCall({
    method: "GET",
    path: "/api/NettstedAdmin/Changes/:token",
    access: editors,
    tag,
    summary: "The change log, newest first (the latest 200): who, when, what, and whether «Angre» is offered.",
    answer: jsonAnswer(z.array(SiteChangeSchema), "The changes."),
    errors: { 403: notEditor },
  }),
  undo: declareCall({
    method: "POST",
    path: "/api/NettstedAdmin/Undo/:changeId/:token",
    access: editors,
    tag,
    summary: "«Angre»: put the section back as it was before the change, logged as a change of its own.",
    answer: jsonAnswer(SiteSaveAnswerSchema, "The section as stored and the undo's log entry."),
    errors: { 403: notEditor, 404: siteMessages.unknownChange, 409: "The section changed after it, or it is undone already." },
  }),
  image: declareCall({
    method: "POST",
    path: "/api/NettstedAdmin/Image/:kind/:token",
    access: editors,
    tag,
    summary:
      "Upload a sponsor logo or a news picture: checked by its content (JPEG, PNG or WebP), size and pixel count, scaled down, re-encoded as WebP without metadata, served at /bilder/nettsted/{id}.webp with a year's caching.",
    upload: { description: "The picture itself as the raw body." },
    answer: jsonAnswer(SiteImageSchema, "The picture's id and its width and height as stored.", [201]),
    errors: { 403: notEditor, 404: "No such kind.", 413: "The file is larger than 8 MB." },
  }),
};
