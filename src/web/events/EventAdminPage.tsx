import type { Route } from "./+types/EventAdminPage";
import { club } from "../../shared/club/club-facts.ts";
import { AdminShell } from "../components/admin/AdminShell.tsx";
import { clubSignIn } from "../components/admin/club-sign-in.ts";
import { LoadFailedBoundary } from "../components/admin/LoadFailedBoundary.tsx";
import { sha256Hex } from "../components/admin/sha256.ts";
import { EventAdminArea } from "./EventAdminArea.tsx";
import "../components/admin/admin.css";
import "./events.css";

export function meta(_args: Route.MetaArgs) {
  return [{ title: `Arrangementer – administrasjon – ${club.name}` }, { name: "robots", content: "noindex" }];
}

/**
 * /arrangementer/admin: the club's events in one list (the winter camps too, edited in «Leirer»), one opened
 * at a time: edit its definition, publish, copy to a new date, see who is coming, print the examiner's list
 * or download Excel. Changes are for a `leder`; the server refuses the others.
 */
export function EventAdmin({ hash = sha256Hex }: { hash?: (password: string) => Promise<string> }) {
  return (
    <AdminShell
      className="page page-wide admin-area event-admin"
      title="Arrangementer – administrasjon"
      {...clubSignIn}
      hash={hash}
      intro="Her lager og endrer lederne graderinger, kurs og salg av klubbtøy."
    >
      {(session) => (
        <LoadFailedBoundary>
          <EventAdminArea session={session} />
        </LoadFailedBoundary>
      )}
    </AdminShell>
  );
}

export default function EventAdminPage() {
  return <EventAdmin />;
}
