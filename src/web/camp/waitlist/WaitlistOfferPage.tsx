import { useCallback } from "react";
import { Link, useParams } from "react-router";
import { club } from "../../../shared/club/club-facts.ts";
import type { WaitlistOfferView } from "../../../shared/camp/camp-waitlist.ts";
import { formatKroner, formatOsloDateTime } from "../../../shared/format.ts";
import { LoadProblem } from "../../components/LoadProblem.tsx";
import { ReceiptTable } from "../../components/ReceiptTable.tsx";
import {
  OfferAnswerButtons,
  OfferFrame as Frame,
  OrderLine,
  useOfferAnswers,
  type Answering,
  type OfferOutcome as Outcome,
} from "../../components/offer/OfferParts.tsx";
import { useLoad } from "../../lib/use-load.ts";
import { acceptWaitlistOffer, declineWaitlistOffer, getWaitlistOffer } from "./waitlist-api.ts";
import { pageData } from "../../lib/page-api.ts";
import type { Route } from "./+types/WaitlistOfferPage";
import "../registration/registration.css";
import { ContactEmailLink } from "../../components/ContactEmailLink.tsx";

/** The offer arrives in the HTML: the server renders it from the API's answer (lib/page-api.ts). */
export async function loader({ context, params }: Route.LoaderArgs) {
  return { offer: await pageData((get) => getWaitlistOffer(params.token, get), context) };
}

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  return { offer: await pageData(() => getWaitlistOffer(params.token)) };
}

export function meta() {
  // A personal link: kept out of search engines.
  return [{ title: `Plass på vinterleiren – ${club.name}` }, { name: "robots", content: "noindex" }];
}

export interface WaitlistOfferProps {
  /** The offer as the route loader read it; without it, the page asks the API itself. */
  initial?: WaitlistOfferView | "notfound";
  /** Where a payment answer sends the browser; tests pass a spy. */
  redirect?: (url: string) => void;
}

const contact = <ContactEmailLink />;

/** /vinterleir/venteliste/:token — the link in the offer mail: confirm the place (and pay with Vipps if chosen). */
export function WaitlistOffer({ redirect = (url) => window.location.assign(url), initial }: WaitlistOfferProps) {
  const { token = "" } = useParams();
  const load = useCallback(() => getWaitlistOffer(token), [token]);
  const [offer, retry] = useLoad(load, initial);
  const { outcome, goneMessage, answering, heading, accept, decline } = useOfferAnswers(
    { accept: () => acceptWaitlistOffer(token), decline: () => declineWaitlistOffer(token) },
    redirect,
  );

  if (offer.status === "loading") {
    return (
      <Frame title="Plass på vinterleiren">
        <p role="status">Henter tilbudet …</p>
      </Frame>
    );
  }
  if (offer.status === "error") {
    return (
      <Frame title="Plass på vinterleiren">
        <LoadProblem what="tilbudet" detail={offer.detail} onRetry={retry} />
      </Frame>
    );
  }
  const view = offer.data;
  const shown: Outcome | "offered" =
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
      <Frame title="Fant ikke tilbudet" headingRef={heading}>
        <p>Lenken virker ikke. Sjekk at du har åpnet hele lenken fra e-posten. Får du det ikke til, skriv til {contact}.</p>
      </Frame>
    );
  }
  if (shown === "declined") {
    return (
      <Frame title="Du har takket nei" headingRef={heading}>
        <p className="lead">
          Takk for beskjeden, {view.firstName}. Plassen er gitt videre til nestemann på ventelisten, og du står ikke lenger på listen.
        </p>
        <p>Ombestemmer du deg, kan du melde deg på igjen så lenge påmeldingen er åpen. Spørsmål? Skriv til {contact}.</p>
      </Frame>
    );
  }
  if (shown === "gone") {
    return (
      <Frame title="Tilbudet har gått ut" headingRef={heading}>
        <p>
          {goneMessage ??
            (view.state === "withdrawn"
              ? "Tilbudet gjelder ikke lenger."
              : "Fristen for å bekrefte plassen er ute, og plassen er gått videre til nestemann på ventelisten.")}{" "}
          Har du spørsmål, skriv til {contact} og oppgi ordrenummeret <strong className="order-id">{view.orderId}</strong>.
        </p>
      </Frame>
    );
  }
  if (shown === "accepted") {
    return (
      <Frame title="Plassen er bekreftet" headingRef={heading}>
        <p className="lead">
          Takk, {view.firstName}! Du har plass på vinterleir {view.year}, og en bekreftelse er på vei på e-post.
        </p>
        {!view.vipps && view.total > 0 && <p>Du betaler {formatKroner(view.total)} med kort eller kontant ved oppmøte.</p>}
        <OrderLine orderId={view.orderId} />
        <p>
          <Link to="/vinterleir/schedule">Se programmet</Link>
        </p>
      </Frame>
    );
  }
  return <OfferView view={view} answering={answering} onAccept={() => void accept()} onDecline={() => void decline()} />;
}

function OfferView({
  view,
  answering,
  onAccept,
  onDecline,
}: {
  view: WaitlistOfferView;
  answering: Answering;
  onAccept: () => void;
  onDecline: () => void;
}) {
  const payNow = view.vipps && view.total > 0;
  return (
    <Frame title={`Du har fått plass på vinterleir ${view.year}`}>
      <p className="lead">
        Hei, {view.firstName} {view.lastName}! En plass er blitt ledig, og den er din hvis du bekrefter innen{" "}
        <strong>{formatOsloDateTime(new Date(view.expiresAt))}</strong>.
      </p>
      <ReceiptTable caption="Dette betaler du" lines={view.lines} total={view.total} />
      {!payNow && view.total > 0 && <p>Du betaler med kort eller kontant ved oppmøte.</p>}
      <OrderLine orderId={view.orderId} />
      <OfferAnswerButtons
        acceptLabel={payNow ? "Bekreft og betal med Vipps" : "Bekreft plassen"}
        vipps={payNow}
        answering={answering}
        onAccept={onAccept}
        onDecline={onDecline}
      />
    </Frame>
  );
}

export default function WaitlistOfferPage({ loaderData }: Route.ComponentProps) {
  return <WaitlistOffer initial={loaderData.offer} />;
}
