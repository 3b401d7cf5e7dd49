// The editions in the «Leirer» list, grouped by phase, each with a button that opens its form.
import type { Availability } from "../../registration/current-edition-api.ts";
import { editionPhaseLabels } from "../../../../shared/camp/camp-edition-phase.ts";
import { editionBadge, editionBadgeLabels, editionDates, registrationStateText } from "./edition-status.ts";
import type { AdminEdition } from "./editions-api.ts";

/** Kommende first (the nearest at the top), then the one running, then the earlier ones, newest first. */
function editionGroups(editions: readonly AdminEdition[]) {
  return (["upcoming", "running", "past"] as const)
    .map((phase) => {
      const inPhase = editions.filter((edition) => edition.phase === phase);
      return { phase, editions: phase === "upcoming" ? [...inPhase].reverse() : inPhase };
    })
    .filter((group) => group.editions.length > 0);
}

export function EditionList({
  id,
  editions,
  availability,
  now,
  register,
  onOpen,
}: {
  /** The area's id: each group's heading id starts with it. */
  id: string;
  editions: readonly AdminEdition[];
  /** The server's state of the current edition (places counted), when there is one. */
  availability: Availability | undefined;
  now: Date;
  /** The ref of an edition's open button, so the keyboard comes back to it from the form. */
  register: (year: number) => (element: HTMLElement | null) => void;
  onOpen: (year: number) => void;
}) {
  if (editions.length === 0) return <p>Det finnes ingen leirer ennå.</p>;
  return editionGroups(editions).map(({ phase, editions }) => (
    <section key={phase} aria-labelledby={`${id}-${phase}`}>
      <h3 id={`${id}-${phase}`} className="edition-group">
        {editionPhaseLabels[phase]}
      </h3>
      <ul className="edition-list">
        {editions.map((edition) => {
          const badge = editionBadge(edition);
          return (
            <li key={edition.year} className={`edition-card is-${badge}`}>
              <h4>
                <button type="button" className="row-open" ref={register(edition.year)} onClick={() => onOpen(edition.year)}>
                  Vinterleiren {edition.year}
                </button>
                <span className={`edition-badge badge-${badge}`}>{editionBadgeLabels[badge]}</span>
              </h4>
              <p>
                {editionDates(edition)}, {edition.venue}
              </p>
              <p className="muted">{registrationStateText(edition, now, edition.current ? availability : undefined)}</p>
            </li>
          );
        })}
      </ul>
    </section>
  ));
}
