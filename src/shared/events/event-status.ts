import { parseCalendarDate } from "../camp/camp-edition-data.ts";
import { formatDateAsRead } from "../format.ts";
import { osloCalendarDate } from "../time.ts";
import type { EventKind } from "./event-definition.ts";
import type { EventState } from "./event-definition.ts";
import { hasEnded } from "./event-rules.ts";

/** What the admin knows of an event (or a camp edition) to say where it stands. */
export interface EventStatusFacts {
  kind: EventKind | "vinterleir";
  published: boolean;
  firstDay: string;
  lastDay: string;
  /** null when the list does not know it (the window's state is then left unsaid). */
  state: EventState | null;
  registrationOpensAt?: string;
}

/**
 * Where an event stands, in one phrase for the admin: «Utkast (ikke publisert)», «Publisert – påmeldingen
 * åpner 1. desember», «Publisert – påmeldingen er åpen», «Publisert – fullt, nye går på venteliste»,
 * «Avsluttet». A sale speaks of «salget». The date carries its year when it is far off or in another year
 * than the event (`formatDateAsRead`).
 */
export function eventStatusText(event: EventStatusFacts, now: Date): string {
  if (!event.published) return "Utkast (ikke publisert)";
  if (hasEnded(event, now)) return "Avsluttet";
  const sale = event.kind === "salg";
  const window = sale ? "salget" : "påmeldingen";
  switch (event.state) {
    case "notyet": {
      if (!event.registrationOpensAt) return "Publisert";
      const opens = formatDateAsRead(osloCalendarDate(new Date(event.registrationOpensAt)), {
        now,
        year: parseCalendarDate(event.firstDay)?.year,
      });
      return `Publisert – ${window} åpner ${opens}`;
    }
    case "open":
      return `Publisert – ${window} er ${sale ? "åpent" : "åpen"}`;
    case "full":
      return sale ? "Publisert – utsolgt" : "Publisert – fullt, nye går på venteliste";
    case "closed":
      return `Publisert – ${window} er stengt`;
    default:
      return "Publisert";
  }
}
