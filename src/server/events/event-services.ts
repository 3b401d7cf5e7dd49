/**
 * The events' services, built once by the feature's registration (event-routes.ts) from named dependencies
 * (event-deps.ts): the database, the clock, the site's address, the outbox, the log and, when Vipps is
 * offered, the payment gateway. The routes are thin adapters over these: a declared call in, an answer out.
 */
import { and, eq } from "drizzle-orm";
import type { EventOrderView } from "../../shared/events/event-api.ts";
import { eventMyOrderMessages, type EventCancel, type EventCancelAnswer } from "../../shared/events/event-my-order.ts";
import type { EventOrder } from "../../shared/events/event-order.ts";
import { eventOrders } from "../db/schema/events-orders.ts";
import { HttpError } from "../errors.ts";
import type { EventDeps } from "./event-deps.ts";
import { cancelEventOrder, type CancelContext } from "./event-order-cancel.ts";
import { myEventOrderView, type PlacesFreedListener } from "./event-my-order.ts";
import { eventOrderOfLink } from "../family/family-season.ts";
import { eventOrderIdPattern, submitEventOrder, type EventPaymentGateway } from "./event-orders.ts";
import { positionsOf } from "./event-positions.ts";
import { asEventOrder, eventById, eventDetail, leaderOrders, publishedEvents } from "./event-store.ts";
import { offerEventPlaces } from "./event-waitlist.ts";

export interface EventServiceDeps extends EventDeps {
  /** Vipps for event orders (the one Vipps service, payments/vipps/vipps-payments.ts); absent when Vipps is not offered. */
  payments?: EventPaymentGateway;
  /** Wakes the waiting-list job (it tries again within seconds when an offer right after a change failed). */
  kickWaitlist: () => void;
  /** Told after a cancellation that freed places has committed; default: offer them to the waiting list. */
  onPlacesFreed?: PlacesFreedListener;
}

export function createEventServices(deps: EventServiceDeps) {
  const { db, now } = deps;
  const mailLinks = { publicBaseUrl: deps.publicBaseUrl };
  const offerPlaces = async (eventId: number) => {
    if ((await offerEventPlaces(db, eventId, now(), mailLinks)) > 0) deps.kickOutbox();
  };
  // A cancellation that freed places offers them to the waiting list at once (the job retries if this fails).
  const onPlacesFreed = deps.onPlacesFreed ?? offerPlaces;

  /**
   * The event order with this order id; undefined for any other text, a camp registration's order id (VL…)
   * among them: the camp's orders share the table, so the id's shape is checked and the read scoped both.
   */
  const orderById = async (orderId: string) => {
    if (!eventOrderIdPattern.test(orderId)) return undefined;
    const [order] = await db
      .select()
      .from(eventOrders)
      .where(and(eq(eventOrders.orderId, orderId), leaderOrders));
    return order && asEventOrder(order);
  };

  /** Cancels through the link or the admin; the answer is the order as it now stands. */
  const cancel = async (orderRowId: number, input: EventCancel, context: CancelContext): Promise<EventCancelAnswer> => {
    const outcome = await cancelEventOrder(deps, orderRowId, input, context, onPlacesFreed);
    const view = await myEventOrderView(db, outcome.order, now());
    return { ...view, changed: outcome.changed, refund: outcome.refund };
  };

  return {
    offerPlaces,
    published: () => publishedEvents(db, now()),
    detail: (slug: string) => eventDetail(db, slug, now()),
    submitOrder: (slug: string, order: EventOrder) => submitEventOrder({ db, now, kickOutbox: deps.kickOutbox }, slug, order, deps.payments),

    /** The Vipps result page's view of an order; undefined for an unknown id (or a camp's). */
    async orderView(orderId: string): Promise<EventOrderView | undefined> {
      const order = await orderById(orderId);
      const event = order ? await eventById(db, order.eventId) : undefined;
      if (!order || !event) return undefined;
      const [item] = (await positionsOf(db, [order.id])).items;
      return { orderId, kind: event.kind, title: event.definition.title, itemName: item?.name ?? null };
    },

    /**
     * «Min side»: the order a link opens, or undefined (unknown, anonymised, malformed, another family's). An
     * order's own link opens it; an address's link opens the address's orders by order id (family-season.ts).
     */
    orderOfLink: (token: string, orderId?: string) => eventOrderOfLink(db, token, orderId, now()),
    myOrder: (order: NonNullable<Awaited<ReturnType<typeof eventOrderOfLink>>>) => myEventOrderView(db, order, now()),
    cancelByFamily: (orderRowId: number, input: EventCancel) => cancel(orderRowId, input, { actor: "deltaker", by: "av deltakeren (Min påmelding)" }),
    /** A leader cancels from the event admin, by the order's id; 404 for an unknown one. */
    async cancelByLeader(orderId: string, input: EventCancel, account: string): Promise<EventCancelAnswer> {
      const order = await orderById(orderId);
      if (!order) throw new HttpError(404, eventMyOrderMessages.orderNotFound);
      return cancel(order.id, input, { actor: account, by: "av arrangøren", byOrganiser: true });
    },
  };
}

export type EventServices = ReturnType<typeof createEventServices>;
