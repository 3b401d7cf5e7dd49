import { useParams } from "react-router";
import type { Route } from "./+types/EventDoorPage";
import { club } from "../../shared/club/club-facts.ts";
import { AdminShell } from "../components/admin/AdminShell.tsx";
import { clubSignIn } from "../components/admin/club-sign-in.ts";
import { sha256Hex } from "../components/admin/sha256.ts";
import { EventDoorArea, EventDoorChooser } from "./EventDoorArea.tsx";
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
 * id, sees what is owed, and checks in (a sale: marks the order picked up), with undo. Online only
 * (docs/decisions/0030-event-door.md).
 */
export function EventDoor({ slug, hash = sha256Hex }: { slug: string | undefined; hash?: (password: string) => Promise<string> }) {
  return (
    <AdminShell
      className="page checkin event-door"
      title="Dør – arrangementer"
      {...clubSignIn}
      hash={hash}
      intro="Døra er for dem som sjekker inn på graderinger og kurs og deler ut klubbtøy. Logg inn med brukernavn og passord."
    >
      {(session) => (slug ? <EventDoorArea key={slug} session={session} slug={slug} /> : <EventDoorChooser session={session} />)}
    </AdminShell>
  );
}

export default function EventDoorPage() {
  const { slug } = useParams();
  return <EventDoor slug={slug} />;
}
