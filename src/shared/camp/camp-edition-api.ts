import { z } from "zod";
import { registrationStates } from "./camp-edition-data.ts";
import { editionPhases } from "./camp-edition-phase.ts";
import { CampEditionDataSchema } from "./camp-edition-schema.ts";

/**
 * The camp-edition calls' answers, read by the wizard and the camp admin and described by the API document.
 */

/** Where registration stands right now, as the server counts it. */
const AvailabilityAnswerSchema = z.object({
  state: z.enum(registrationStates),
  /** Places left for athletes; null when the camp has no limit. */
  placesLeft: z.number().int().min(0).nullable(),
  /** The current camp is over and no new one is published yet. */
  campOver: z.boolean().optional(),
  /**
   * Where the camp stands on the club's calendar: before its first day, under way (a registration now is
   * paid at the door), or over (camp-edition-phase.ts).
   */
  phase: z.enum(editionPhases).optional(),
});

/** `GET /api/CampEdition/Current`: the edition the server prices with, and where registration stands. */
export const CurrentEditionAnswerSchema = z.intersection(CampEditionDataSchema, AvailabilityAnswerSchema);
export type CurrentEditionAnswer = z.infer<typeof CurrentEditionAnswerSchema>;

/** `GET /api/CampEdition/Open`: the published editions taking registrations now, oldest first. */
export const OpenEditionsAnswerSchema = z.array(CurrentEditionAnswerSchema);

/** An edition as the camp admin's calls show it: the editable fields, then where it stands. */
export const AdminEditionSchema = z.intersection(
  CampEditionDataSchema,
  z.object({
    /** «The» camp: the earliest published edition that has not ended. */
    current: z.boolean(),
    /** Before, during or after its days (Oslo). */
    phase: z.enum(editionPhases),
    publishedAt: z.string().nullable(),
    version: z.number(),
    updatedAt: z.string(),
  }),
);
export type AdminEdition = z.infer<typeof AdminEditionSchema>;
