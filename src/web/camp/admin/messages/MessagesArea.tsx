import type { AdminPerson } from "../../../../shared/camp/camp-lists.ts";
import { campEventSlug } from "../../../../shared/events/event-kinds.ts";
import { messageSegments } from "../../../../shared/messages/message.ts";
import { useAdminData, type AdminSession } from "../../../components/admin/AdminShell.tsx";
import { FamilyMessages } from "../../../components/admin/FamilyMessages.tsx";
import { useAdminEditionYear, useEditionFetcher } from "../admin-edition.tsx";
import { getCampAdminParticipants } from "../camp-admin-api.ts";
import { ReminderForm } from "./ReminderForm.tsx";

const failedMessage = "Klarte ikke hente meldingene, så du er logget ut. Logg inn på nytt for å prøve igjen.";

/**
 * «Send melding» in the camp admin: every segment, a camp day for the check-in segments, the programme to
 * attach and the reminder. Everything here is about the edition open in «Vis leir» (its recipients, counts,
 * reminder and log), else «the» camp.
 */
export function MessagesArea({ session }: { session: AdminSession }) {
  const year = useAdminEditionYear();
  const slug = campEventSlug(year);
  const { data: people } = useAdminData(session, useEditionFetcher(getCampAdminParticipants), failedMessage);
  const athletes = people?.filter((person): person is AdminPerson => !person.isLedsager && person.status !== "cancelled");
  return (
    <FamilyMessages
      session={session}
      slug={slug}
      eventName={`vinterleiren ${year}`}
      intro={
        <>
          Meldingen går bare til påmeldte til vinterleiren {year}. Velg en annen leir under «Vis leir» for å skrive til dem. Hver familie får én
          e-post til adressen de meldte seg på med, med sin egen lenke til «Min påmelding». Svar går til klubbens adresse, og klubben får en kopi.
        </>
      }
      segments={messageSegments}
      day={{ label: "Leirdag" }}
      pickable={athletes?.map((person) => ({ orderId: person.orderid, label: `${person.firstname} ${person.lastname}` }))}
      canAttachProgramme
    >
      <ReminderForm session={session} slug={slug} />
    </FamilyMessages>
  );
}
