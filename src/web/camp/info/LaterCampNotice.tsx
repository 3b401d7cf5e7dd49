import { useRouteLoaderData } from "react-router";
import { parseCalendarDate } from "../../../shared/camp/camp-edition-data.ts";
import { formatDateRange, formatOsloDateTime } from "../../../shared/format.ts";
import type { LaterCamp } from "../../../shared/site/render-context.ts";
import { useNow } from "../../lib/use-now.ts";

/** The later published camps (next year's), as the server rendered the page with them. */
function useLaterCamps(): LaterCamp[] {
  const root = useRouteLoaderData("root") as { laterCamps?: LaterCamp[] } | undefined;
  return root?.laterCamps ?? [];
}

/**
 * Next year's camp, once the club has published it, beside this year's: its dates and when its registration
 * opens, with the year wherever a date could be read as this year's.
 */
export function LaterCampNotice() {
  const camps = useLaterCamps();
  const now = useNow();
  if (camps.length === 0) return null;
  return (
    <aside className="notice later-camp" aria-label="Neste vinterleir">
      {camps.map((camp) => {
        const first = parseCalendarDate(camp.firstDay);
        const last = parseCalendarDate(camp.lastDay);
        const opens = new Date(camp.registrationOpensAt);
        return (
          <p key={camp.year}>
            <strong>Vinterleiren {camp.year} er kunngjort</strong>
            {first && last ? `: ${formatDateRange(first, last)}.` : "."}{" "}
            {now < opens ? `Påmeldingen åpner ${formatOsloDateTime(opens, { now, year: camp.year })}.` : "Påmeldingen er åpen."}
          </p>
        );
      })}
    </aside>
  );
}
