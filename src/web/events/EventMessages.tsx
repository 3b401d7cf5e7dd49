import { useCallback } from "react";
import type { AdminEvent, AdminParticipant } from "../../shared/events/event-api.ts";
import type { EventKind } from "../../shared/events/event-definition.ts";
import { eventMessageSegments } from "../../shared/messages/message.ts";
import { useAdminData, type AdminSession } from "../components/admin/AdminShell.tsx";
import { FamilyMessages } from "../components/admin/FamilyMessages.tsx";
import type { PickableOrder } from "../components/admin/family-messages-props.ts";
import { getEventParticipants } from "./event-admin-api.ts";

/** The orders the leader may pick, once each: its people's names (a sale's: who ordered), cancelled ones left out. */
function pickableOrders(rows: readonly AdminParticipant[], sale: boolean): PickableOrder[] {
  const byOrder = new Map<string, string[]>();
  for (const row of rows) {
    if (row.status === "cancelled") continue;
    const names = byOrder.get(row.orderId) ?? [];
    const name = sale ? row.contactName : row.name;
    if (!names.includes(name)) names.push(name);
    byOrder.set(row.orderId, names);
  }
  return [...byOrder].map(([orderId, names]) => ({ orderId, label: names.join(", ") }));
}

/**
 * «Send melding» for a grading, a course or a sale: the camp's message form, with the segments this event
 * has (a sale has no waiting list and no check-in; check-in only for an event of one day, which is its day).
 */
export function EventMessages({ event, session }: { event: AdminEvent & { kind: EventKind }; session: AdminSession }) {
  const fetchRows = useCallback((token: string) => getEventParticipants(event.slug, token), [event.slug]);
  const { data: rows } = useAdminData(session, fetchRows, "Fikk ikke hentet deltakerne.");
  const sale = event.kind === "salg";
  return (
    <FamilyMessages
      session={session}
      slug={event.slug}
      eventName={event.title}
      intro={
        <>
          Meldingen går bare til dem som har {sale ? "bestilt" : "meldt seg på"} her. Hver familie får én e-post til adressen de brukte, med sin egen
          lenke til {sale ? "bestillingen" : "påmeldingen"}; lenkene de alt har fått, virker fortsatt. Svar går til klubbens adresse, og klubben får
          en kopi.
        </>
      }
      segments={eventMessageSegments(event)}
      day={{ fixed: event.firstDay }}
      pickable={rows && pickableOrders(rows, sale)}
      canAttachProgramme={false}
    />
  );
}
