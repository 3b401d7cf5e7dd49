import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { club } from "../../../shared/club/club-facts.ts";
import type { AppLoadContext } from "react-router";
import type { Route } from "./+types/VippsResultPage";
import { ApiError } from "../../lib/api-client.ts";
import { HydrationGate } from "../../components/HydrationGate.tsx";
import type { VippsReceipt, VippsStatus } from "../../../shared/payments/vipps-payment.ts";
import { cancelVippsOrder, checkVippsResult } from "./vipps-api.ts";
import { thanksSentence } from "../../../shared/person-voice.ts";
import { formatKroner } from "../../../shared/format.ts";
import { clearWizard, setWizardStep } from "../registration/draft-storage.ts";
import { rememberedGroupNames, rememberedPersonalLink } from "../my-registration/personal-link-storage.ts";
import "./vipps-result.css";
import { ContactEmailLink } from "../../components/ContactEmailLink.tsx";
import { pageData } from "../../lib/page-api.ts";
import type { EventOrderView } from "../../../shared/events/event-api.ts";
import { eventKindLabels } from "../../../shared/events/event-definition.ts";
import { getEventOrder } from "../../events/events-api.ts";

/** What the result page says per kind of order: the camp's words unless the order is an event's. */
function reservedTexts(order: EventOrderView | undefined): { heading: string } {
  if (!order) return { heading: "Takk! Du er registrert til vinterleiren" };
  switch (order.kind) {
    case "gradering":
      return { heading: `Takk! Du er påmeldt graderingen «${order.title}»` };
    case "kurs":
      return { heading: `Takk! Du er påmeldt «${order.title}»` };
    case "salg":
      return { heading: order.itemName ? `Takk for bestillingen av ${order.itemName}!` : "Takk for bestillingen!" };
  }
}

/** What the server knew when the page was rendered: a status (with its receipt), "notfound" (no such order), or nothing. */
type FirstStatus = { status: VippsStatus; receipt: VippsReceipt | null } | "notfound" | undefined;

/**
 * The first status arrives in the HTML: the server asks itself (lib/page-api.ts), so a payment already
 * decided shows at once and an unknown order id says so without a round of failing polls.
 */
async function firstStatus(ordreId: string | undefined, context?: AppLoadContext): Promise<FirstStatus> {
  if (!ordreId || (context && !context.api)) return undefined;
  try {
    return await checkVippsResult(ordreId, context?.api);
  } catch (error) {
    return error instanceof ApiError && error.status === 404 ? "notfound" : undefined;
  }
}

/** An event order's kind (a grading, a course, a sale) for the page's words; undefined for a camp order. */
async function orderKind(ordreId: string | undefined, context?: AppLoadContext): Promise<EventOrderView | undefined> {
  if (!ordreId || !/^(GR|KU|SA)\d{2}-/.test(ordreId)) return undefined;
  return (await pageData((get) => getEventOrder(ordreId, get), context)) ?? undefined;
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const [status, order] = await Promise.all([firstStatus(params.ordreId, context), orderKind(params.ordreId, context)]);
  return { status, order };
}

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const [status, order] = await Promise.all([firstStatus(params.ordreId), orderKind(params.ordreId)]);
  return { status, order };
}

export function meta() {
  return [{ title: `Betaling med Vipps – ${club.name}` }, { name: "robots", content: "noindex" }];
}

/** The payment result page (docs/requirements.md §4 "Payment result page"). */
export const POLL_INTERVAL_MS = 2000;
export const RETRY_AFTER_ERROR_MS = 1700;
export const MAX_TRIES = 30;

type View = "waiting" | "reserved" | "rejected" | "cancelled" | "timeout" | "notfound";

function viewFor(status: VippsStatus): View | undefined {
  switch (status) {
    case "RESERVED":
      return "reserved";
    case "REJECTED":
    case "RESERVE_FAILED":
      return "rejected";
    case "CANCELLED":
      return "cancelled";
    default:
      return undefined;
  }
}

/** /vipps/:ordreId — where Vipps sends the payer back; the status comes from our server, which asks Vipps. */
export default function VippsResultPage({ loaderData }: Partial<Pick<Route.ComponentProps, "loaderData">>) {
  const first = loaderData?.status;
  const order = loaderData?.order;
  const texts = reservedTexts(order);
  const { ordreId } = useParams();
  const navigate = useNavigate();
  const [view, setView] = useState<View>(() => (first === "notfound" ? "notfound" : (first !== undefined && viewFor(first.status)) || "waiting"));
  // What was paid for, from the server once the payment is reserved: the event and year, the people, the amount.
  const [receipt, setReceipt] = useState<VippsReceipt | null>(() => (first && first !== "notfound" ? first.receipt : null));
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // Read after hydration (the server has no session storage).
  const [personalLink, setPersonalLink] = useState<string | undefined>();
  const [groupNames, setGroupNames] = useState<string[] | undefined>();
  useEffect(() => {
    setPersonalLink(rememberedPersonalLink());
    setGroupNames(rememberedGroupNames());
  }, []);

  useEffect(() => {
    if (!ordreId) return;
    if (view !== "waiting") {
      // Decided before the page arrived: nothing to wait for.
      if (view === "reserved") clearWizard();
      return;
    }
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let tries = 0;
    const poll = async () => {
      if (stopped) return;
      tries++;
      let delay = POLL_INTERVAL_MS;
      try {
        const result = await checkVippsResult(ordreId);
        const next = viewFor(result.status);
        if (stopped) return;
        if (next) {
          setReceipt(result.receipt);
          if (next === "reserved") clearWizard();
          setView(next);
          return;
        }
      } catch {
        delay = RETRY_AFTER_ERROR_MS;
      }
      if (stopped) return;
      if (tries >= MAX_TRIES) {
        setView("timeout");
        return;
      }
      timer = setTimeout(() => void poll(), delay);
    };
    // The server has just asked (the status it knew is still open): the first poll waits its turn.
    if (first === undefined) void poll();
    else timer = setTimeout(() => void poll(), POLL_INTERVAL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
    // Polls once per order id, from the view the page arrived with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ordreId]);

  useEffect(() => {
    if (view !== "waiting") heading.current?.focus();
  }, [view]);

  const giveUp = useCallback(() => {
    clearWizard();
    void navigate("/");
  }, [navigate]);

  const tryAgain = useCallback(async () => {
    if (!ordreId) return;
    setBusy(true);
    try {
      await cancelVippsOrder(ordreId);
    } catch {
      // The registration page's next payment ends the old attempt anyway.
    }
    if (order) {
      // An event's form starts afresh on its own page.
      window.location.assign("/arrangementer");
      return;
    }
    setWizardStep("Payment");
    // A full page load: the draft's cookies belong to the wizard's path, and a document only reads the
    // cookies of the path it was loaded on.
    window.location.assign("/vinterleir/registrering");
  }, [ordreId, order]);

  if (!ordreId) {
    return (
      <div className="page vipps-result">
        <h1>Betaling med Vipps</h1>
        <p role="alert">Ingen ordreid???</p>
      </div>
    );
  }

  const orderLine = (
    <p>
      {order ? `${eventKindLabels[order.kind]}, ordrenummer` : "Ordrenummer"}: <strong className="order-id">{ordreId}</strong>
    </p>
  );
  // The buttons arrive in the server's HTML; until the script has taken over a press would do nothing.
  const actions = (
    <HydrationGate>
      <div className="vipps-result-actions">
        <button type="button" className="button secondary" onClick={giveUp} disabled={busy}>
          Avbryt
        </button>
        <button type="button" className="button" onClick={() => void tryAgain()} disabled={busy}>
          Prøv igjen
        </button>
      </div>
    </HydrationGate>
  );

  return (
    <div className="page vipps-result">
      {view === "waiting" && (
        <>
          <h1>Betaling med Vipps</h1>
          <p role="status" aria-live="polite" className="vipps-waiting">
            Vi sjekker betalingen hos Vipps …
          </p>
          {orderLine}
        </>
      )}
      {view === "reserved" && (
        <>
          <h1 ref={heading} tabIndex={-1}>
            {/* The server's words when it gave them (the event, its year, the people); else by the order's kind. */}
            {receipt && receipt.people.length > 0 ? thanksSentence(receipt.people, receipt.what, { registrant: receipt.registrant }) : texts.heading}
          </h1>
          <p role="status">Betalingen er godkjent i Vipps, og du får en bekreftelse på e-post.</p>
          {receipt && (
            <p className="vipps-paid">
              Betalt med Vipps: <strong>{formatKroner(receipt.amount)}</strong>
            </p>
          )}
          {orderLine}
          {groupNames && !receipt && (
            <>
              <p>Betalingen gjelder alle i påmeldingen:</p>
              <ul className="vipps-group-names">
                {groupNames.map((name, index) => (
                  <li key={`${name}-${index}`}>{name}</li>
                ))}
              </ul>
            </>
          )}
          {personalLink && (
            <p>
              På <Link to={personalLink}>Min påmelding</Link> ser du påmeldingen, kan rette opplysningene og avbestille.
            </p>
          )}
        </>
      )}
      {view === "rejected" && (
        <>
          <h1 ref={heading} tabIndex={-1}>
            Betalingen ble avvist
          </h1>
          <p role="status">Ordren ble avvist av Vipps. Ingen penger er reservert eller trukket.</p>
          {orderLine}
          {actions}
        </>
      )}
      {view === "cancelled" && (
        <>
          <h1 ref={heading} tabIndex={-1}>
            Betalingen ble avbrutt
          </h1>
          <p role="status">Ordren ble avbrutt. Ingen penger er reservert.</p>
          {orderLine}
          {actions}
        </>
      )}
      {view === "notfound" && (
        <>
          <h1 ref={heading} tabIndex={-1}>
            Fant ikke betalingen
          </h1>
          <p>
            Vi finner ingen betaling med dette ordrenummeret. Sjekk at du har åpnet hele lenken. Får du det ikke til, skriv til <ContactEmailLink />{" "}
            og oppgi ordrenummeret.
          </p>
          {orderLine}
        </>
      )}
      {view === "timeout" && (
        <>
          <h1 ref={heading} tabIndex={-1}>
            Beklager! Noe gikk galt når vi registrerte deg.
          </h1>
          <p role="status">
            Vi fikk ikke svar om betalingen i tide. Kanskje gikk den likevel gjennom: sjekk Vipps-appen og e-posten din. Hvis du ikke får en
            bekreftelse, skriv til <ContactEmailLink /> og oppgi ordrenummeret.
          </p>
          {orderLine}
        </>
      )}
    </div>
  );
}
