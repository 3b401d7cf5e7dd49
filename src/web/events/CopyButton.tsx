import { useState } from "react";
import type { AdminEvent } from "../../shared/events/event-api.ts";

/** «Kopier fra denne»: asks for the copy's new address, then copies the event. */
export function CopyButton({ event, onCopy }: { event: AdminEvent; onCopy: (toSlug: string) => void }) {
  const [slug, setSlug] = useState<string>();
  if (slug === undefined) {
    return (
      <button type="button" className="button secondary" onClick={() => setSlug(`${event.slug}-kopi`)}>
        Kopier fra denne<span className="visually-hidden">: {event.title}</span>
      </button>
    );
  }
  return (
    <form
      onSubmit={(formEvent) => {
        formEvent.preventDefault();
        onCopy(slug);
        setSlug(undefined);
      }}
    >
      <label htmlFor={`copy-${event.slug}`}>Ny adresse</label>
      <input id={`copy-${event.slug}`} type="text" value={slug} onChange={(change) => setSlug(change.target.value)} />
      <button type="submit" className="button">
        Kopier
      </button>
    </form>
  );
}
