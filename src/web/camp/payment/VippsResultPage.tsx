import { useParams } from "react-router";
import { club } from "../../../shared/club/club-facts.ts";
import type { AppLoadContext } from "react-router";
import type { Route } from "./+types/VippsResultPage";
import { ApiError } from "../../lib/api-client.ts";
import { HydrationGate } from "../../components/HydrationGate.tsx";
import { checkVippsResult } from "./vipps-api.ts";
import "./vipps-result.css";
import { pageData } from "../../lib/page-api.ts";
import type { EventOrderView } from "../../../shared/events/event-api.ts";
import { eventKindLabels } from "../../../shared/events/event-definition.ts";
import { getEventOrder } from "../../events/events-api.ts";
import { useVippsResult, type FirstStatus } from "./use-vipps-result.ts";
import { EndedView, NotFoundView, ReservedView, TimeoutView } from "./VippsResultViews.tsx";

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

/** /vipps/:ordreId — where Vipps sends the payer back; the status comes from our server, which asks Vipps. */
export default function VippsResultPage({ loaderData }: Partial<Pick<Route.ComponentProps, "loaderData">>) {
  const first = loaderData?.status;
  const order = loaderData?.order;
  const { ordreId } = useParams();
  const { view, receipt, busy, heading, personalLink, groupNames, giveUp, tryAgain } = useVippsResult(ordreId, first, order);

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
        <ReservedView
          headingRef={heading}
          order={order}
          receipt={receipt}
          groupNames={groupNames}
          personalLink={personalLink}
          orderLine={orderLine}
        />
      )}
      {view === "rejected" && (
        <EndedView
          headingRef={heading}
          title="Betalingen ble avvist"
          text="Ordren ble avvist av Vipps. Ingen penger er reservert eller trukket."
          orderLine={orderLine}
          actions={actions}
        />
      )}
      {view === "cancelled" && (
        <EndedView
          headingRef={heading}
          title="Betalingen ble avbrutt"
          text="Ordren ble avbrutt. Ingen penger er reservert."
          orderLine={orderLine}
          actions={actions}
        />
      )}
      {view === "notfound" && <NotFoundView headingRef={heading} orderLine={orderLine} />}
      {view === "timeout" && <TimeoutView headingRef={heading} orderLine={orderLine} />}
    </div>
  );
}
