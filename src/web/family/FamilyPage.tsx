import { useCallback, useState, type ReactNode } from "react";
import { Link, useParams } from "react-router";
import { club } from "../../shared/club/club-facts.ts";
import { myRegistrationPath } from "../../shared/camp/camp-my-registration.ts";
import { hasCamp, type FamilyLinkScope } from "../../shared/family/family-page.ts";
import { CampPart } from "../camp/family-parts.ts";
import { ConfirmAction, useConfirmation } from "../components/ConfirmAction.tsx";
import { ContactEmailLink } from "../components/ContactEmailLink.tsx";
import { LoadProblem } from "../components/LoadProblem.tsx";
import { EventOrderPart } from "../events/MyEventOrderPage.tsx";
import { useLoad } from "../lib/use-load.ts";
import { getFamilySeason, requestNewLink } from "./family-page-api.ts";
import "./family-page.css";

/**
 * Rendered in the browser: the server answers an unknown link with the 404 page before it gets here, and
 * sends the root's loading view for a known one.
 */
export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function meta() {
  // A personal link: kept out of search engines.
  return [{ title: `Min side – ${club.name}` }, { name: "robots", content: "noindex" }];
}

const contact = <ContactEmailLink />;

/** What the link shows, said at the top: the whole season, or the one registration it was made for. */
const intro: Record<FamilyLinkScope, string> = {
  address: "Her er alt som er meldt på eller bestilt med e-postadressen deres, for arrangementer som ikke er over ennå.",
  submission: "Her er påmeldingen du sendte inn.",
  order: "Her er påmeldingen eller bestillingen lenken ble sendt for.",
};

/**
 * /min-side/:token — the family's page for the season (docs/decisions/0042-one-family-page-for-the-season.md):
 * every camp registration and event order behind the link, each with its own part, state, figures and
 * «Avbestill»; and «Send meg en ny lenke».
 */
export default function FamilyPage() {
  const { token = "" } = useParams();
  const load = useCallback(() => getFamilySeason(token), [token]);
  const [loaded, retry] = useLoad(load);
  const [renewed, setRenewed] = useState<string>();

  if (renewed) {
    return (
      <Frame title="En ny lenke er på vei">
        <p className="notice" role="status">
          {renewed}
        </p>
        <p>
          <Link to="/">Til forsiden</Link>
        </p>
      </Frame>
    );
  }
  if (loaded.status === "loading") {
    return (
      <Frame title="Min side">
        <p role="status">Henter påmeldingene …</p>
      </Frame>
    );
  }
  if (loaded.status === "error") {
    return (
      <Frame title="Min side">
        <LoadProblem what="påmeldingene" detail={loaded.detail} onRetry={retry} />
      </Frame>
    );
  }
  if (loaded.data === "notfound") {
    return (
      <Frame title="Fant ikke påmeldingen">
        <p>
          Lenken virker ikke. Sjekk at du har åpnet hele lenken fra e-posten, eller få en ny på{" "}
          <Link to={myRegistrationPath}>Finn påmeldingen min</Link>. Får du det ikke til, skriv til {contact}.
        </p>
      </Frame>
    );
  }
  const view = loaded.data;
  const scope = view.link.scope;

  return (
    <Frame title="Min side">
      <p className="lead">{intro[scope]}</p>
      {scope !== "address" && (
        <p>
          Vil du se alt dere har meldt på med samme e-postadresse, får du én lenke til alt på{" "}
          <Link to={myRegistrationPath}>Finn påmeldingen min</Link>.
        </p>
      )}
      {hasCamp(view) && <CampPart token={token} initial={view} />}
      {view.events.map((order) => (
        <EventOrderPart key={order.orderId} token={token} initial={order} />
      ))}
      {scope !== "submission" && <NewLink token={token} onSent={setRenewed} />}
    </Frame>
  );
}

/** «Send meg en ny lenke»: asked first, since this link stops working at once. */
function NewLink({ token, onSent }: { token: string; onSent: (message: string) => void }) {
  const confirmation = useConfirmation<"new">();
  const [error, setError] = useState<string>();
  return (
    <section className="season-part season-new-link" aria-labelledby="season-new-link">
      <h2 id="season-new-link" className="season-part-title">
        Ny lenke
      </h2>
      <p>
        Har lenken kommet på avveie, eller vil du at den ikke skal virke lenger? Da sender vi en ny lenke til e-postadressen deres, og alle eldre
        lenker til påmeldingene slutter å virke.
      </p>
      {confirmation.open ? (
        <ConfirmAction
          label="Sende en ny lenke?"
          confirmLabel="Ja, send en ny lenke"
          busyLabel="Sender …"
          cancelLabel="Nei, behold lenken"
          error={error}
          onConfirm={async () => {
            setError(undefined);
            const result = await requestNewLink(token);
            if (result.kind === "sent") onSent(result.message);
            else setError(result.kind === "refused" ? result.message : "Vi fikk ikke sendt en ny lenke. Prøv igjen om litt.");
          }}
          onCancel={() => {
            setError(undefined);
            confirmation.cancel();
          }}
        >
          <strong>Sende en ny lenke?</strong> Denne lenken slutter å virke med en gang. Den nye kommer på e-post.
        </ConfirmAction>
      ) : (
        <p>
          <button type="button" className="button secondary" ref={confirmation.trigger("new")} onClick={() => confirmation.ask("new")}>
            Send meg en ny lenke
          </button>
        </p>
      )}
    </section>
  );
}

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="page family-page">
      <h1>{title}</h1>
      {children}
    </div>
  );
}
