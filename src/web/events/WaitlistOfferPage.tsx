import { useCallback } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { club } from "../../shared/club/club-facts.ts";
import { campEventKind } from "../../shared/events/event-kinds.ts";
import { eventWhenWhereText } from "../../shared/events/event-texts.ts";
import { offerEventPagePath, offerMessages, type OfferView } from "../../shared/events/waitlist-offer.ts";
import { formatKroner, formatOsloDateTime } from "../../shared/format.ts";
import { ContactEmailLink } from "../components/ContactEmailLink.tsx";
import { LoadProblem } from "../components/LoadProblem.tsx";
import { ReceiptTable } from "../components/ReceiptTable.tsx";
import { OfferAnswerButtons, OfferFrame, OrderLine, useOfferAnswers, type Answering } from "../components/offer/OfferParts.tsx";
import { pageData } from "../lib/page-api.ts";
import { useLoad } from "../lib/use-load.ts";
import { acceptOffer, declineOffer, getOffer } from "./waitlist-offer-api.ts";
import type { Route } from "./+types/WaitlistOfferPage";
import "./events.css";

/** The offer arrives in the HTML: the server renders it from the API's answer (lib/page-api.ts). */
export async function loader({ context, params }: Route.LoaderArgs) {
  return { offer: await pageData((get) => getOffer(params.token, get), context) };
}

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  return { offer: await pageData(() => getOffer(params.token)) };
}

export function meta() {
  // A personal link: kept out of search engines.
  return [{ title: `Plass fra ventelisten – ${club.name}` }, { name: "robots", content: "noindex" }];
}

export interface WaitlistOfferProps {
  /** The offer as the route loader read it; without it, the page asks the API itself. */
  initial?: OfferView | "notfound";
  /** Where a payment answer sends the browser; tests pass a spy. */
  redirect?: (url: string) => void;
}

const contact = <ContactEmailLink />;
const pageTitle = "Plass fra ventelisten";
/** «Hei, Kari!» to the one reading (a child's parent, never the child), or «Hei!». */
const hello = (view: OfferView) => (view.greetingName ? `Hei, ${view.greetingName}!` : "Hei!");
const thanks = (view: OfferView) => (view.greetingName ? `, ${view.greetingName}` : "");
const names = (view: OfferView) => view.participants.join(" og ");

/**
 * The link in a waiting-list offer mail, for every kind of event: the camp's /vinterleir/venteliste/:token
 * and an event's /arrangementer/venteliste/:token. «Ja takk» takes the places (and pays with Vipps if that
 * was chosen), «Nei takk» gives them to the next in line; `?svar=nei` (the mail's «Nei takk» link) opens with
 * that question asked.
 */
export function WaitlistOffer({ redirect = (url) => window.location.assign(url), initial }: WaitlistOfferProps) {
  const { token = "" } = useParams();
  const [search] = useSearchParams();
  const load = useCallback(() => getOffer(token), [token]);
  const [offer, retry] = useLoad(load, initial);
  const { outcome, goneMessage, answering, heading, accept, decline } = useOfferAnswers(
    { accept: () => acceptOffer(token), decline: () => declineOffer(token) },
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
  const eventLink = <Link to={offerEventPagePath(view.kind, view.slug)}>{view.title}</Link>;
  if (shown === "declined") {
    return (
      <OfferFrame title="Du har takket nei" headingRef={heading}>
        <p className="lead">
          Takk for beskjeden{thanks(view)}. Plassen er gitt videre til nestemann på ventelisten, og dere står ikke lenger på listen.
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
          {goneMessage ?? (view.state === "withdrawn" ? offerMessages.withdrawn : offerMessages.expired)} Har du spørsmål, skriv til {contact} og
          oppgi ordrenummeret <strong className="order-id">{view.orderId}</strong>.
        </p>
      </OfferFrame>
    );
  }
  if (shown === "accepted") {
    return (
      <OfferFrame title="Plassen er bekreftet" headingRef={heading}>
        <p className="lead">
          Takk{thanks(view)}! {names(view)} har plass på {eventLink}, og en bekreftelse er på vei på e-post.
        </p>
        {!view.vipps && view.total > 0 && <p>Du betaler {formatKroner(view.total)} med kort eller kontant ved oppmøte.</p>}
        <OrderLine orderId={view.orderId} />
        {view.kind === campEventKind && (
          <p>
            <Link to="/vinterleir/schedule">Se programmet</Link>
          </p>
        )}
      </OfferFrame>
    );
  }
  return (
    <OfferDetails
      view={view}
      answering={answering}
      askDecline={search.get("svar") === "nei"}
      onAccept={() => void accept()}
      onDecline={() => void decline()}
    />
  );
}

function OfferDetails({
  view,
  answering,
  askDecline,
  onAccept,
  onDecline,
}: {
  view: OfferView;
  answering: Answering;
  askDecline: boolean;
  onAccept: () => void;
  onDecline: () => void;
}) {
  const payNow = view.vipps && view.total > 0;
  const one = view.participants.length === 1;
  const places = one ? "en plass" : `${view.participants.length} plasser`;
  return (
    <OfferFrame title={`Ledig plass: ${view.title}`}>
      <p className="lead">
        {hello(view)} Det er blitt {places} ledig på {view.title} for {names(view)}, og {one ? "plassen" : "plassene"} er deres hvis du svarer innen{" "}
        <strong>{formatOsloDateTime(new Date(view.expiresAt))}</strong>.
      </p>
      <p>{eventWhenWhereText(view)}.</p>
      <ReceiptTable caption="Dette betaler du" lines={view.lines} total={view.total} />
      {!payNow && view.total > 0 && <p>Du betaler med kort eller kontant ved oppmøte.</p>}
      <OrderLine orderId={view.orderId} />
      <OfferAnswerButtons
        acceptLabel={payNow ? "Ja takk – betal med Vipps" : "Ja takk, vi kommer"}
        vipps={payNow}
        answering={answering}
        askDecline={askDecline}
        onAccept={onAccept}
        onDecline={onDecline}
      />
    </OfferFrame>
  );
}

export default function WaitlistOfferPage({ loaderData }: Route.ComponentProps) {
  return <WaitlistOffer initial={loaderData.offer} />;
}
