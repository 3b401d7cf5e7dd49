import { useCallback } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { club } from "../../shared/club/club-facts.ts";
import { eventWhenWhereText } from "../../shared/events/event-texts.ts";
import type { EventWaitlistOfferView } from "../../shared/events/event-waitlist.ts";
import { formatKroner, formatOsloDateTime } from "../../shared/format.ts";
import { ContactEmailLink } from "../components/ContactEmailLink.tsx";
import { LoadProblem } from "../components/LoadProblem.tsx";
import { ReceiptTable } from "../components/ReceiptTable.tsx";
import { OfferAnswerButtons, OfferFrame, OrderLine, useOfferAnswers, type Answering } from "../components/offer/OfferParts.tsx";
import { pageData } from "../lib/page-api.ts";
import { useLoad } from "../lib/use-load.ts";
import { acceptEventOffer, declineEventOffer, getEventOffer } from "./event-waitlist-api.ts";
import type { Route } from "./+types/EventWaitlistOfferPage";
import "./events.css";

/** The offer arrives in the HTML: the server renders it from the API's answer (lib/page-api.ts). */
export async function loader({ context, params }: Route.LoaderArgs) {
  return { offer: await pageData((get) => getEventOffer(params.token, get), context) };
}

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  return { offer: await pageData(() => getEventOffer(params.token)) };
}

export function meta() {
  // A personal link: kept out of search engines.
  return [{ title: `Plass fra ventelisten – ${club.name}` }, { name: "robots", content: "noindex" }];
}

export interface EventOfferProps {
  /** The offer as the route loader read it; without it, the page asks the API itself. */
  initial?: EventWaitlistOfferView | "notfound";
  /** Where a payment answer sends the browser; tests pass a spy. */
  redirect?: (url: string) => void;
}

const contact = <ContactEmailLink />;
const pageTitle = "Plass fra ventelisten";

/**
 * /arrangementer/venteliste/:token — the link in an event's offer mail: «Ja takk» takes the places (and pays
 * with Vipps if chosen), «Nei takk» gives them to the next in line. `?svar=nei` (the mail's «Nei takk» link)
 * opens with that question asked.
 */
export function EventWaitlistOffer({ redirect = (url) => window.location.assign(url), initial }: EventOfferProps) {
  const { token = "" } = useParams();
  const [search] = useSearchParams();
  const load = useCallback(() => getEventOffer(token), [token]);
  const [offer, retry] = useLoad(load, initial);
  const { outcome, goneMessage, answering, heading, accept, decline } = useOfferAnswers(
    { accept: () => acceptEventOffer(token), decline: () => declineEventOffer(token) },
    redirect,
  );

  if (offer.status === "loading") {
    return (
      <OfferFrame title={pageTitle}>
        <p role="status">Henter tilbudet …</p>
      </OfferFrame>
    );
  }
  if (offer.status === "error") {
    return (
      <OfferFrame title={pageTitle}>
        <LoadProblem what="tilbudet" detail={offer.detail} onRetry={retry} />
      </OfferFrame>
    );
  }
  const view = offer.data;
  const shown =
    outcome ??
    (view === "notfound"
      ? "notfound"
      : view.state === "offered"
        ? "offered"
        : view.state === "accepted"
          ? "accepted"
          : view.state === "declined"
            ? "declined"
            : "gone");

  if (shown === "notfound" || view === "notfound") {
    return (
      <OfferFrame title="Fant ikke tilbudet" headingRef={heading}>
        <p>Lenken virker ikke. Sjekk at du har åpnet hele lenken fra e-posten. Får du det ikke til, skriv til {contact}.</p>
      </OfferFrame>
    );
  }
  const eventLink = <Link to={`/arrangementer/${view.slug}`}>{view.title}</Link>;
  if (shown === "declined") {
    return (
      <OfferFrame title="Du har takket nei" headingRef={heading}>
        <p className="lead">
          Takk for beskjeden, {view.firstName}. Plassen er gitt videre til nestemann på ventelisten, og dere står ikke lenger på listen.
        </p>
        <p>
          Ombestemmer du deg, kan du melde på igjen på {eventLink} så lenge påmeldingen er åpen. Spørsmål? Skriv til {contact}.
        </p>
      </OfferFrame>
    );
  }
  if (shown === "gone") {
    return (
      <OfferFrame title="Tilbudet gjelder ikke lenger" headingRef={heading}>
        <p>
          {goneMessage ??
            (view.state === "withdrawn"
              ? "Tilbudet gjelder ikke lenger."
              : "Fristen for å svare er ute, og plassen er gitt videre til nestemann på ventelisten.")}{" "}
          Har du spørsmål, skriv til {contact} og oppgi ordrenummeret <strong className="order-id">{view.orderId}</strong>.
        </p>
      </OfferFrame>
    );
  }
  if (shown === "accepted") {
    return (
      <OfferFrame title="Plassen er bekreftet" headingRef={heading}>
        <p className="lead">
          Takk, {view.firstName}! {view.participants.join(" og ")} har plass på {eventLink}, og en bekreftelse er på vei på e-post.
        </p>
        {!view.vipps && view.total > 0 && <p>Du betaler {formatKroner(view.total)} med kort eller kontant ved oppmøte.</p>}
        <OrderLine orderId={view.orderId} />
      </OfferFrame>
    );
  }
  return (
    <OfferView
      view={view}
      answering={answering}
      askDecline={search.get("svar") === "nei"}
      onAccept={() => void accept()}
      onDecline={() => void decline()}
    />
  );
}

function OfferView({
  view,
  answering,
  askDecline,
  onAccept,
  onDecline,
}: {
  view: EventWaitlistOfferView;
  answering: Answering;
  askDecline: boolean;
  onAccept: () => void;
  onDecline: () => void;
}) {
  const payNow = view.vipps && view.total > 0;
  const places = view.participants.length === 1 ? "en plass" : `${view.participants.length} plasser`;
  return (
    <OfferFrame title={`Ledig plass: ${view.title}`}>
      <p className="lead">
        Hei, {view.firstName}! Det er blitt {places} ledig på {view.title} for {view.participants.join(" og ")}, og{" "}
        {view.participants.length === 1 ? "plassen" : "plassene"} er deres hvis du svarer innen{" "}
        <strong>{formatOsloDateTime(new Date(view.expiresAt))}</strong>.
      </p>
      <p>{eventWhenWhereText(view)}.</p>
      <ReceiptTable caption="Dette betaler du" lines={view.lines} total={view.total} />
      {!payNow && view.total > 0 && <p>Du betaler med kort eller kontant ved oppmøte.</p>}
      <OrderLine orderId={view.orderId} />
      <OfferAnswerButtons
        acceptLabel={payNow ? "Ja takk – betal med Vipps" : "Ja takk, vi kommer"}
        vipps={false}
        answering={answering}
        askDecline={askDecline}
        onAccept={onAccept}
        onDecline={onDecline}
      />
    </OfferFrame>
  );
}

export default function EventWaitlistOfferPage({ loaderData }: Route.ComponentProps) {
  return <EventWaitlistOffer initial={loaderData.offer} />;
}
