import { Link } from "react-router";
import { isEarlyBird } from "../../../shared/camp/camp-edition.ts";
import { campDayCountWord, campKeyFacts } from "../../../shared/camp/camp-texts.ts";
import { capitalise, formatDateRange, formatKroner, formatLongDate } from "../../../shared/format.ts";
import { useAnnouncedCamp, useCampMoment } from "../../lib/camp-edition.tsx";
import { CampMomentNotice } from "./CampMomentNotice.tsx";
import { LaterCampSections } from "./LaterCampNotice.tsx";
import { CampActions } from "./CampActions.tsx";
import { CampPriceBox } from "./CampPriceBox.tsx";
import { CampNotAnnounced } from "./CampNotAnnounced.tsx";
import { useNow } from "../../lib/use-now.ts";
import { useSiteContent } from "../../lib/site-content.tsx";
import { NewsList } from "../../components/NewsList.tsx";
import { EventList } from "../../events/EventList.tsx";
import "./camp-info.css";

/** The club's news posts, newest first, under the camp. */
function News() {
  const { posts } = useSiteContent().nyheter;
  if (posts.length === 0) return null;
  return (
    <section aria-labelledby="nyheter-heading">
      <h2 id="nyheter-heading">Nyheter</h2>
      <NewsList posts={posts} />
    </section>
  );
}

export default function EventsPage() {
  const campEdition = useAnnouncedCamp();
  const moment = useCampMoment();
  const now = useNow();
  if (!campEdition) {
    return (
      <div className="page">
        <h1>Arrangementer</h1>
        <section className="camp-announcement" aria-labelledby="vinterleir-heading">
          <h2 id="vinterleir-heading">Vinterleir</h2>
          <p className="lead">
            Hvert år arrangerer vi vinterleir for utøvere fra alle klubber i TTU, med trening, gradering og overnatting i hallen.
          </p>
          <CampNotAnnounced />
          <p>
            <Link to="/vinterleir">Les om vinterleiren</Link>
          </p>
        </section>
        <EventList />
        <News />
      </div>
    );
  }
  const facts = campKeyFacts(campEdition);
  const { settings, year } = campEdition;
  const running = moment?.phase === "running";

  return (
    <div className="page">
      <h1>Arrangementer</h1>
      <section className="camp-announcement" aria-labelledby="vinterleir-heading">
        <h2 id="vinterleir-heading">Vinterleir {year}</h2>
        {running ? (
          <CampMomentNotice />
        ) : (
          <>
            <p className="lead">
              {formatDateRange(campEdition.start, campEdition.end)} arrangerer vi vinterleir på {settings.venue}. Leiren er åpen for utøvere fra alle
              klubber i TTU.
            </p>
            <CampMomentNotice />
          </>
        )}
        <p>
          {capitalise(campDayCountWord(campEdition))} dager med trening delt etter grad og alder, sparring, oppvisning, gradering og felles middag –
          og overnatting i hallen for dem som vil.
        </p>

        {/* Only while it can be had (the page is rendered again at the deadline); hidden by the visitor's clock on
            a page left open past it (lib/page-script.ts on the static page). */}
        {isEarlyBird(campEdition, now) && moment?.registration !== "closed" && (
          <p className="notice camp-early-bird" data-testid="early-bird-banner" data-show-before={campEdition.earlyBirdEndsAt.toISOString()}>
            <strong>Tidlig påmelding gir {settings.earlyBird.percent}&nbsp;% rabatt!</strong> Meld deg på før {formatLongDate(facts.earlyBirdBefore)},
            så betaler du {formatKroner(facts.price.childEarly)} (12 år eller yngre) eller {formatKroner(facts.price.adultEarly)} (13 år eller eldre).
          </p>
        )}

        <CampPriceBox edition={campEdition} heading="h3" />

        <CampActions />
        <p>
          <Link to="/vinterleir">Mer informasjon om vinterleiren</Link> – program, flyer, gradering, overnatting og alle priser.
        </p>
      </section>
      <LaterCampSections />
      <EventList />
      <News />
    </div>
  );
}
