import { useRouteLoaderData } from "react-router";
import type { EventSummary } from "../../shared/events/event-api.ts";
import { eventKindLabels } from "../../shared/events/event-definition.ts";
import { eventStateLabels } from "../../shared/events/event-rules.ts";
import { eventPriceLine } from "../../shared/events/event-terms.ts";
import { eventActionLabels, eventStateText, eventWhenWhereText } from "../../shared/events/event-texts.ts";
import type { SiteRenderContext } from "../../shared/site/render-context.ts";
import { useNow } from "../lib/use-now.ts";
import "./events.css";

/** The club's published events, as the server rendered the page with them (root loader). */
export function useSiteEvents(): EventSummary[] {
  const root = useRouteLoaderData("root") as Partial<SiteRenderContext> | undefined;
  return root?.events ?? [];
}

/**
 * /arrangementer's list of gradings, courses and sales: plain links (the page is static HTML), each with its
 * state in words and a button while it takes registrations or orders. The winter camps are not in it: the
 * page presents each (this year's and next year's) in a camp section of its own.
 */
export function EventList() {
  const events = useSiteEvents().filter((event) => event.kind !== "vinterleir");
  const now = useNow();
  if (events.length === 0) return null;
  return (
    <section aria-labelledby="andre-arrangementer-heading">
      <h2 id="andre-arrangementer-heading">Graderinger, kurs og klubbtøy</h2>
      <ul className="event-list">
        {events.map((event) => (
          <li key={event.slug} className="event-card" data-testid={`event-${event.slug}`}>
            <p className="event-kind">
              {eventKindLabels[event.kind]} <span className={`event-state event-state-${event.state}`}>{eventStateLabels[event.state]}</span>
            </p>
            <h3>
              <a href={event.url}>{event.title}</a>
            </h3>
            <p>{eventWhenWhereText(event)}</p>
            {event.kind !== "vinterleir" && event.pricing && (
              <p className="event-price" data-testid={`event-price-${event.slug}`}>
                {eventPriceLine({ kind: event.kind, ...event.pricing })}
              </p>
            )}
            <p>{eventStateText(event, now)}</p>
            {(event.state === "open" || event.state === "full") && event.kind !== "salg" ? (
              <a className="button" href={event.url}>
                {event.state === "full" ? "Sett meg på venteliste" : eventActionLabels[event.kind]}
                <span className="visually-hidden">: {event.title}</span>
              </a>
            ) : event.state === "open" ? (
              <a className="button" href={event.url}>
                {eventActionLabels[event.kind]}
                <span className="visually-hidden">: {event.title}</span>
              </a>
            ) : (
              <a href={event.url}>
                Les mer<span className="visually-hidden"> om {event.title}</span>
              </a>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
