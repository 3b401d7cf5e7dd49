import { Link, useRouteLoaderData } from "react-router";
import { parseCalendarDate } from "../../../shared/camp/camp-edition-data.ts";
import { formatDateRange, formatOsloDateTime } from "../../../shared/format.ts";
import { laterCampOpen, type LaterCamp } from "../../../shared/site/render-context.ts";
import { useNow } from "../../lib/use-now.ts";

/** The later published camps (next year's), as the server rendered the page with them. */
export function useLaterCamps(): LaterCamp[] {
  const root = useRouteLoaderData("root") as { laterCamps?: LaterCamp[] } | undefined;
  return root?.laterCamps ?? [];
}

/** The wizard for that camp's year, not «the» camp's. */
export const laterCampRegistrationPath = (year: number) => `/vinterleir/registrering?year=${year}`;

function campDays(camp: LaterCamp): string | undefined {
  const first = parseCalendarDate(camp.firstDay);
  const last = parseCalendarDate(camp.lastDay);
  return first && last ? formatDateRange(first, last) : undefined;
}

/** «mandag 30. november 2026 kl. 00.00» (with the year wherever it could be misread). */
export function laterCampOpensText(camp: LaterCamp, now: Date): string {
  return formatOsloDateTime(new Date(camp.registrationOpensAt), { now, year: camp.year });
}

/** «Påmeldingen åpner mandag 30. november 2026 kl. 00.00.» or «Påmeldingen er åpen.» */
function openingText(camp: LaterCamp, now: Date): string {
  return laterCampOpen(camp, now) ? "Påmeldingen er åpen." : `Påmeldingen åpner ${laterCampOpensText(camp, now)}.`;
}

/**
 * The link to a later camp's own registration: «Meld deg på …» once it has opened; before, the same page
 * says when it opens (a family can keep the link).
 */
function RegisterLink({ camp, now, className }: { camp: LaterCamp; now: Date; className?: string }) {
  return (
    <Link className={className} to={laterCampRegistrationPath(camp.year)}>
      {laterCampOpen(camp, now) ? `Meld deg på vinterleiren ${camp.year}` : `Påmeldingen til vinterleiren ${camp.year}`}
    </Link>
  );
}

/**
 * Next year's camp, once the club has published it, beside this year's (/vinterleir): its dates and when its
 * registration opens, with the year wherever a date could be read as this year's, and once it has opened a
 * link straight to its own registration.
 */
export function LaterCampNotice() {
  const camps = useLaterCamps();
  const now = useNow();
  if (camps.length === 0) return null;
  return (
    <aside className="notice later-camp" aria-label="Neste vinterleir">
      {camps.map((camp) => {
        const days = campDays(camp);
        return (
          <p key={camp.year} data-testid={`later-camp-${camp.year}`}>
            <strong>Vinterleiren {camp.year} er kunngjort</strong>
            {days ? `: ${days}.` : "."} {openingText(camp, now)} <RegisterLink camp={camp} now={now} />
          </p>
        );
      })}
    </aside>
  );
}

/** The later camps on /arrangementer, each in a camp section of its own beside this year's camp. */
export function LaterCampSections() {
  const camps = useLaterCamps();
  const now = useNow();
  return camps.map((camp) => {
    const days = campDays(camp);
    const headingId = `vinterleir-${camp.year}-heading`;
    return (
      <section key={camp.year} className="camp-announcement" aria-labelledby={headingId} data-testid={`camp-section-${camp.year}`}>
        <h2 id={headingId}>Vinterleir {camp.year}</h2>
        {days && (
          <p className="lead">
            {days}
            {camp.venue ? ` på ${camp.venue}` : ""}. Leiren er åpen for utøvere fra alle klubber i TTU.
          </p>
        )}
        <p>{openingText(camp, now)}</p>
        <div className="button-row">
          <RegisterLink camp={camp} now={now} className="button" />
        </div>
      </section>
    );
  });
}
