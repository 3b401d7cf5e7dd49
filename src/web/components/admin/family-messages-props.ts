/** What an event's admin gives «Send melding»: the event, the segments it offers and the orders a leader may pick. */
import type { ReactNode } from "react";
import type { MessageSegment } from "../../../shared/messages/message.ts";
import type { AdminSession } from "./AdminShell.tsx";

/** An order the leader may pick as a recipient, as the picker lists it. */
export interface PickableOrder {
  orderId: string;
  label: string;
}

export interface FamilyMessagesProps {
  session: AdminSession;
  /** The event's key: `vinterleir-2026`, or a club event's slug. */
  slug: string;
  /** What the heading and the confirmation name: «vinterleiren 2026», «Cupgradering desember». */
  eventName: string;
  intro: ReactNode;
  /** The segments this event offers (the server refuses the others). */
  segments: readonly MessageSegment[];
  /**
   * A check-in segment's day: the camp's leader types a camp day; a club event of one day has only that day,
   * so nothing is asked.
   */
  day: { label: string } | { fixed: string };
  /** The orders the leader may pick from; undefined while they load. */
  pickable: readonly PickableOrder[] | undefined;
  /** The camp may attach its programme (PDF); a club event has none. */
  canAttachProgramme: boolean;
  /** Shown between the form and the log (the camp's reminder). */
  children?: ReactNode;
}
