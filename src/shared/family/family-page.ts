import { z } from "zod";
import type { MyRegistrationView } from "../camp/camp-my-registration.ts";
import { MyRegistrationViewSchema } from "../camp/camp-my-registration-view.ts";
import { MyEventOrderSchema, type MyEventOrder } from "../events/event-my-order.ts";

/**
 * «Min side»: one page for a family's season (docs/decisions/0042-one-family-page-for-the-season.md). Behind an
 * address's link it holds every camp registration and every event order made with that address for events
 * that have not ended; behind a camp submission's or one event order's link, just that. Shapes and words
 * shared by the server's answers, the mails and the page.
 */

export { familyPageLinkPath, familyPagePath } from "./family-page-path.ts";

/**
 * What a link opens: an address's whole season (mailed only to that address), one camp submission (the Done
 * page's, given to the browser that submitted) or one event order (its confirmation's and messages' link).
 */
export const familyLinkScopes = ["address", "submission", "order"] as const;
export type FamilyLinkScope = (typeof familyLinkScopes)[number];

/** What `GET /api/MinPamelding/Get/{link}` adds to the camp's fields (kept as they were for existing clients). */
export const FamilySeasonPartsSchema = z.object({
  /** The season's event orders (gradings, courses, sales), each as its own page shows it; [] when none. */
  events: z.array(MyEventOrderSchema),
  /** Which scope the link has: a camp submission's link (never mailed) may not ask for a new link. */
  link: z.object({ scope: z.enum(familyLinkScopes) }),
});
export type FamilySeasonParts = z.infer<typeof FamilySeasonPartsSchema>;

/**
 * The season behind a link: the camp's view with its fields as before (when the link opens a camp
 * registration), and the event orders. A link that opens only event orders has no camp fields.
 */
export type FamilySeasonView = (MyRegistrationView & FamilySeasonParts) | (FamilySeasonParts & { orderId?: undefined });

/** The season as the browser reads it and the API document describes it: with the camp's fields, or without. */
export const FamilySeasonSchema = z.union([MyRegistrationViewSchema.extend(FamilySeasonPartsSchema.shape), FamilySeasonPartsSchema]);

/** Whether the season holds the camp (its fields are there). */
export function hasCamp(view: FamilySeasonView): view is MyRegistrationView & FamilySeasonParts {
  return view.orderId !== undefined;
}

export type { MyEventOrder };

/** «Send meg en ny lenke»: what the page says once the call has gone through. */
export const newLinkAnswer = "En ny lenke er på vei til e-postadressen deres. Denne lenken virker ikke lenger; bruk lenken i den nye e-posten.";

/** A new link's answer: `{ message }` (newLinkAnswer). */
export const NewLinkAnswerSchema = z.object({ message: z.string() });

export const familyPageMessages = {
  /** A camp submission's link was never mailed: it cannot end the family's links. */
  newLinkNotHere: "Denne lenken kan ikke gi en ny lenke. Be om en på «Finn påmeldingen min».",
} as const;
