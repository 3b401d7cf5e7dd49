import { useCallback } from "react";
import { parseCalendarDate } from "../../shared/camp/camp-edition-data.ts";
import type { EventKind } from "../../shared/events/event-definition.ts";
import { eventChangeLines, formatEventValue } from "../../shared/events/event-change-lines.ts";
import { ChangeLog, useChangeLog } from "../components/admin/ChangeLog.tsx";
import { useNow } from "../lib/use-now.ts";
import { getEventChanges } from "./event-admin-api.ts";

/**
 * «Endringslogg» for one of the leader's events, newest first: who saved, published or copied it, when
 * (Oslo time), and field by field what changed («Pris: 300 kr → 350 kr»).
 */
export function EventChangeLog({
  slug,
  kind,
  firstDay,
  token,
  headingId,
  onUnauthorised,
}: {
  slug: string;
  kind: EventKind;
  /** The event's first day: a date in another year than the event's says its year. */
  firstDay: string;
  token: string;
  headingId: string;
  onUnauthorised: () => void;
}) {
  const load = useCallback(() => getEventChanges(slug, token), [slug, token]);
  const entries = useChangeLog(load, onUnauthorised);
  const now = useNow();
  const reading = { now, year: parseCalendarDate(firstDay)?.year, kind };
  return (
    <ChangeLog
      entries={entries}
      headingId={headingId}
      className="no-print"
      linesOf={(entry) => eventChangeLines(entry.changes, reading)}
      firstValues={(entry) => {
        const copiedFrom = entry.changes.find((change) => change.field === "copiedFrom")?.to;
        return copiedFrom === undefined
          ? "Alle feltene fikk sine første verdier."
          : `Kopi av ${formatEventValue("copiedFrom", copiedFrom)}: alle feltene fikk sine første verdier derfra.`;
      }}
    />
  );
}
