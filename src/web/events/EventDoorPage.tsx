import { useCallback, useEffect, useMemo } from "react";
import { useParams } from "react-router";
import type { Route } from "./+types/EventDoorPage";
import { club } from "../../shared/club/club-facts.ts";
import { AdminShell } from "../components/admin/AdminShell.tsx";
import { clubSignIn } from "../components/admin/club-sign-in.ts";
import { sha256Hex } from "../components/admin/sha256.ts";
import { doorWorkers } from "../../shared/site/door-workers.ts";
import type { QueueStorage } from "../components/door/action-queue.ts";
import { registerDoorWorker } from "../components/door/offline-worker.ts";
import type { EventQueuedAction } from "./event-door-api.ts";
import { EventDoorArea, EventDoorChooser } from "./EventDoorArea.tsx";
import { clearEventDoorDevice, indexedDbEventDoorStore, type EventDoorListStore } from "./event-door-device.ts";
import "../components/admin/admin.css";
import "../components/door/door.css";
import "./event-door.css";

/** Rendered in the browser, like the event admin: the server sends the loading view with the title. */
export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function meta(_args: Route.MetaArgs) {
  return [
    { title: `Dør – arrangementer – ${club.name}` },
    { name: "robots", content: "noindex" },
    { name: "description", content: `Innsjekking og henting av klubbtøy på arrangementene i ${club.name}, for dem som står i døra.` },
  ];
}

/**
 * /arrangementer/admin/dor[/{slug}]: the door of a grading, a course or a sale, phone first. An `innsjekk`
 * or `leder` account chooses an event that has not ended, finds a participant or an order by name or order
 * id, sees what is owed, and checks in (a sale: marks the order picked up), with undo
 * (docs/decisions/0030-event-door.md). Works with no network once opened with one, as the camp's door:
 * its own service worker keeps the pages, the phone keeps the list and the waiting actions
 * (docs/decisions/0040-one-offline-door.md).
 */
export function EventDoor({
  slug,
  hash = sha256Hex,
  listStore: storeOf = indexedDbEventDoorStore,
  storage,
}: {
  slug: string | undefined;
  hash?: (password: string) => Promise<string>;
  /** Where an event's list is kept (tests: in memory). */
  listStore?: (slug: string) => EventDoorListStore;
  storage?: QueueStorage<EventQueuedAction>;
}) {
  useEffect(() => registerDoorWorker(doorWorkers.events), []);
  const listStore = useMemo(() => storeOf(slug ?? ""), [storeOf, slug]);
  // Signed out (or the token ended): nothing about the events stays on the phone.
  const forget = useCallback(() => void clearEventDoorDevice(listStore), [listStore]);
  return (
    <AdminShell
      className="page checkin event-door"
      title="Dør – arrangementer"
      {...clubSignIn}
      hash={hash}
      intro="Døra er for dem som sjekker inn på graderinger og kurs og deler ut klubbtøy. Logg inn med brukernavn og passord."
      onSignedOut={forget}
    >
      {(session) =>
        slug ? (
          <EventDoorArea key={slug} session={session} slug={slug} listStore={listStore} storage={storage} />
        ) : (
          <EventDoorChooser session={session} />
        )
      }
    </AdminShell>
  );
}

export default function EventDoorPage() {
  const { slug } = useParams();
  return <EventDoor slug={slug} />;
}
