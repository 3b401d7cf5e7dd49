import { and, eq } from "drizzle-orm";
import { campEventKind, campEventSlug } from "../../shared/events/event-kinds.ts";
import { events } from "../db/schema/events.ts";

/** The camp's editions among the events (src/shared/events/event-kinds.ts). */
export const campEvents = eq(events.kind, campEventKind);

/** The edition of `year`: the event at its address. */
export const campEventOfYear = (year: number) => and(campEvents, eq(events.slug, campEventSlug(year)))!;
