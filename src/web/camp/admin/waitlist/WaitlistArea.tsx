import { useId } from "react";
import type { AdminSession } from "../../../components/admin/AdminShell.tsx";
import { ActionResult } from "../../../components/admin/ActionResult.tsx";
import { useAdminEditionYear } from "../admin-edition.tsx";
import { useWaitlist } from "./use-waitlist.ts";
import { WaitlistEntryItem } from "./WaitlistEntryItem.tsx";
import "./waitlist-admin.css";

/** "Venteliste": who waits for a place, in order, with each one's latest offer; move up or down, or remove. */
export function WaitlistArea({ session }: { session: AdminSession }) {
  const id = useId();
  const waitlist = useWaitlist(session);
  const { data, result, headingRef } = waitlist;
  const year = useAdminEditionYear();

  if (!data)
    return (
      <p className="loading" role="status">
        Laster inn ventelisten...
      </p>
    );

  const entries = [...data].sort((a, b) => a.position - b.position);
  return (
    <section aria-labelledby={`${id}-heading`} className="waitlist-admin">
      <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1}>
        Venteliste – vinterleiren {year}
      </h2>
      <p>Når en plass blir ledig, får den første på listen et tilbud på e-post. Flytt noen opp eller ned for å endre hvem som får neste tilbud.</p>
      <ActionResult result={result} />
      {entries.length === 0 ? (
        <p>Ventelisten er tom.</p>
      ) : (
        <ol className="waitlist-entries">
          {entries.map((entry, index) => (
            <WaitlistEntryItem key={entry.registrationId} entry={entry} first={index === 0} last={index === entries.length - 1} waitlist={waitlist} />
          ))}
        </ol>
      )}
    </section>
  );
}
