import { useCallback, useEffect, useState } from "react";
import type { AppLoadContext } from "react-router";
import { Link, useParams } from "react-router";
import type { Route } from "./+types/EventPage";
import { club } from "../../shared/club/club-facts.ts";
import type { Club, Grade } from "../../shared/camp/grades.ts";
import type { EventDetail } from "../../shared/events/event-api.ts";
import { eventKindLabels } from "../../shared/events/event-definition.ts";
import { pageData } from "../lib/page-api.ts";
import { getClubs, getEvent, getGrades } from "./events-api.ts";
import { EventForm } from "./EventForm.tsx";
import "./events.css";

async function read(slug: string | undefined, context?: AppLoadContext) {
  if (!slug) return { event: undefined, clubs: undefined, grades: undefined };
  const [event, clubs, grades] = await Promise.all([
    pageData((get) => getEvent(slug, get), context),
    pageData(getClubs, context),
    pageData(getGrades, context),
  ]);
  return { event, clubs, grades };
}

export const loader = ({ context, params }: Route.LoaderArgs) => read(params.slug, context);
export const clientLoader = ({ params }: Route.ClientLoaderArgs) => read(params.slug);

export function meta({ data }: Route.MetaArgs) {
  const title = data?.event ? `${data.event.title} – ${club.name}` : `Arrangement – ${club.name}`;
  return [
    { title },
    { name: "description", content: data?.event ? `${eventKindLabels[data.event.kind]}: ${data.event.title}.` : "Et arrangement i klubben." },
  ];
}

/**
 * /arrangementer/{slug}: one grading, course or sale with its form in three steps (who or what, contact,
 * payment), 360 px first. The server checks the same schema and the event's rules again and decides.
 *
 * The places left are the server's count (read from the database, never a cache) when the page is served,
 * when the route loads it in the browser, after every order the form sends, and when the browser shows the
 * page again from its back-forward cache: never a figure from before the last booking.
 */
export default function EventPage({ loaderData }: Partial<Pick<Route.ComponentProps, "loaderData">>) {
  const { slug } = useParams();
  // The event as read for this slug: the loader's, until the page reads it again (a newer loader's wins).
  const [shown, setShown] = useState<{ slug: string | undefined; from: unknown; event: EventDetail | undefined }>({
    slug,
    from: loaderData,
    event: loaderData?.event,
  });
  const [clubs, setClubs] = useState<Club[]>(loaderData?.clubs ?? []);
  const [grades, setGrades] = useState<Grade[]>(loaderData?.grades ?? []);
  const [failed, setFailed] = useState(false);
  if (shown.slug !== slug || shown.from !== loaderData) {
    setShown({ slug, from: loaderData, event: loaderData?.event });
    if (loaderData?.clubs) setClubs(loaderData.clubs);
    if (loaderData?.grades) setGrades(loaderData.grades);
  }
  const event = shown.slug === slug ? shown.event : undefined;
  const setEvent = useCallback((fresh: EventDetail | undefined) => setShown((current) => ({ ...current, slug, event: fresh })), [slug]);
  /** The event as the server has it now (after an order): the form keeps its steps, the counts follow. */
  const refresh = useCallback(async () => {
    if (!slug) return;
    const fresh = await getEvent(slug).catch(() => undefined);
    if (fresh) setEvent(fresh);
  }, [slug, setEvent]);
  useEffect(() => {
    // A page the browser shows again from its back-forward cache reads the counts again.
    const onShow = (page: PageTransitionEvent) => {
      if (page.persisted) void refresh();
    };
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, [refresh]);
  useEffect(() => {
    if (event || !slug) return;
    read(slug)
      .then((data) => {
        if (!data.event) setFailed(true);
        setEvent(data.event);
        setClubs(data.clubs ?? []);
        setGrades(data.grades ?? []);
      })
      .catch(() => setFailed(true));
  }, [event, slug, setEvent]);

  if (!event) {
    return (
      <div className="page">
        <h1>Arrangement</h1>
        {failed ? (
          <p role="alert">
            Fant ikke arrangementet. <Link to="/arrangementer">Se alle arrangementer</Link>
          </p>
        ) : (
          <p role="status">Henter arrangementet …</p>
        )}
      </div>
    );
  }
  return <EventForm key={event.slug} event={event} clubs={clubs} grades={grades} onOrdered={refresh} />;
}
