import { useCallback, useEffect } from "react";
import type { Route } from "./+types/CheckInPage";
import { club } from "../../../shared/club/club-facts.ts";
import { AdminShell } from "../../components/admin/AdminShell.tsx";
import { sha256Hex } from "../../components/admin/sha256.ts";
import { campSignIn } from "../admin/camp-sign-in.ts";
import { campYearOfMatches, useCampYear } from "../../lib/camp-edition.tsx";
import { doorWorkers } from "../../../shared/site/door-workers.ts";
import type { QueueStorage } from "../../components/door/action-queue.ts";
import { registerDoorWorker } from "../../components/door/offline-worker.ts";
import type { QueuedAction } from "./checkin-api.ts";
import { CheckInArea } from "./CheckInArea.tsx";
import { clearCampDoorDevice, indexedDbDoorListStore, type CampDoorListStore } from "./door-store.ts";
import "../../components/admin/admin.css";
import "../../components/door/door.css";
import "./checkin.css";

/** Rendered in the browser, like the camp admin: the server sends the loading view with the title. */
export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function meta({ matches }: Route.MetaArgs) {
  const title = `Innsjekking – vinterleiren ${campYearOfMatches(matches)} – ${club.name}`;
  return [
    { title },
    { name: "robots", content: "noindex" },
    { name: "description", content: `Innsjekking på vinterleiren, for arrangørene i ${club.name}.` },
  ];
}

/** The door's own web app manifest, so a helper can put the check-in page on the phone's home screen. */
export const doorManifestPath = "/innsjekk.webmanifest";
export const links: Route.LinksFunction = () => [{ rel: "manifest", href: doorManifestPath }];

/** The check-in page at the camp door: phone first, works with no network (the door list and the actions wait on the phone). */
export function CheckIn({
  hash = sha256Hex,
  storage,
  listStore = indexedDbDoorListStore,
}: {
  hash?: (password: string) => Promise<string>;
  storage?: QueueStorage<QueuedAction>;
  listStore?: CampDoorListStore;
}) {
  const year = useCampYear();
  useEffect(() => registerDoorWorker(doorWorkers.camp), []);
  const forget = useCallback(() => void clearCampDoorDevice(listStore), [listStore]);
  return (
    <AdminShell
      className="page checkin"
      title={`Innsjekking – vinterleiren ${year}`}
      {...campSignIn}
      hash={hash}
      intro="Innsjekkingen er for dem som står i døra på vinterleiren. Logg inn med leirens brukernavn og passord."
      // Signed out (or the token ended): nothing about the event stays on the phone.
      onSignedOut={forget}
    >
      {(session) => <CheckInArea session={session} storage={storage} listStore={listStore} />}
    </AdminShell>
  );
}

export default function CheckInPage() {
  return <CheckIn />;
}
