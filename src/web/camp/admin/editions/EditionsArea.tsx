import { useCallback, useId, useRef, useState } from "react";
import type { Club, Grade } from "../../../../shared/camp/grades.ts";
import { expiredMessage, isUnauthorised, useAdminData, type AdminSession } from "../../../components/admin/AdminShell.tsx";
import { useFocusReturn } from "../../../lib/use-focus-return.ts";
import { useNow } from "../../../lib/use-now.ts";
import { useAdminYear } from "../admin-edition.tsx";
import { getClubs, getGrades } from "../../registration/registration-api.ts";
import { getCurrentEdition, type Availability } from "../../registration/current-edition-api.ts";
import { editionPhaseLabels } from "../../../../shared/camp/camp-edition-phase.ts";
import { EditionEditor } from "./EditionEditor.tsx";
import type { EditionFormValues } from "./edition-form.ts";
import { editionBadge, editionBadgeLabels, editionDates, registrationStateText } from "./edition-status.ts";
import { copyCampEditionFrom, getCampEditions } from "./editions-api.ts";
import "./editions.css";

interface Data {
  /** The server's state of the current edition (places counted), when there is one. */
  availability: Availability | undefined;
  clubs: Club[];
  grades: Grade[];
}

/** The rest of the area's data, read beside the list of editions (which AdminYear keeps for the whole admin). */
async function fetchData(): Promise<Data> {
  const [current, clubs, grades] = await Promise.all([
    getCurrentEdition().catch(() => "none" as const),
    // The pick lists are a convenience: without them the form asks for the numbers.
    getClubs().catch(() => []),
    getGrades().catch(() => []),
  ]);
  return { availability: current === "none" ? undefined : current.availability, clubs, grades };
}

const failedMessage = "Klarte ikke hente leirene, så du er logget ut. Logg inn på nytt for å prøve igjen.";

/**
 * "Leirer": every edition, "Ny leir", and one edition's form, preview, publish and change log. The form open is
 * the year the admin shows: opening an edition shows its year everywhere (heading, «Vis leir», the other tabs),
 * another year chosen in «Vis leir» opens that one's form, and "Tilbake til leirene" goes back to the year shown
 * before.
 */
export function EditionsArea({ session }: { session: AdminSession }) {
  const id = useId();
  const { token, signOut } = session;
  const shown = useAdminYear();
  const { readEditions, editionChanged } = shown;
  const { data, load } = useAdminData(
    session,
    useCallback(async (adminToken: string) => (await Promise.all([readEditions(() => getCampEditions(adminToken)), fetchData()]))[1], [readEditions]),
    failedMessage,
  );
  /** The form is open (for the year shown); `returnTo`: the year chosen before it was opened. */
  const [editing, setEditing] = useState<{ returnTo: number | undefined }>();
  const [creating, setCreating] = useState(false);
  const [problem, setProblem] = useState<string>();
  /** «Kopier fra forrige gang»: the edition a new one starts from (default: the latest). */
  const [copyFrom, setCopyFrom] = useState<number>();
  const openButtons = useFocusReturn<number>();
  const onUnauthorised = useCallback(() => signOut(expiredMessage), [signOut]);
  /** Unsaved form values per year, so going back to the list and in again loses nothing. */
  const kept = useRef(new Map<number, EditionFormValues>());

  const now = useNow();
  const editions = shown.editions;
  if (!data || !editions)
    return (
      <p className="loading" role="status">
        Laster inn leirene...
      </p>
    );

  const open = (year: number) => {
    setEditing((before) => before ?? { returnTo: shown.chosen });
    shown.choose(year);
  };
  const edited = editing && shown.edition;

  if (edited) {
    return (
      <EditionEditor
        key={edited.year}
        edition={edited}
        editions={editions}
        token={token}
        clubs={data.clubs}
        grades={data.grades}
        onBack={() => {
          openButtons.returnTo(edited.year);
          shown.choose(editing.returnTo);
          setEditing(undefined);
        }}
        onSaved={async (saved) => {
          // «Vis leir» and the badges say the new state at once; the list read again brings the others' too.
          editionChanged(saved);
          await load();
        }}
        onUnauthorised={onUnauthorised}
        kept={kept.current.get(edited.year)}
        onKeep={(values) => {
          if (values) kept.current.set(edited.year, values);
          else kept.current.delete(edited.year);
        }}
      />
    );
  }

  async function createNext() {
    const latest = editions![0];
    if (!latest || creating) return;
    const from = copyFrom ?? latest.year;
    setCreating(true);
    setProblem(undefined);
    try {
      const result = await copyCampEditionFrom(from, latest.year + 1, token);
      if (result.kind === "invalid") {
        setProblem(`Klarte ikke lage leiren for ${latest.year + 1}. ${[result.message, ...result.issues.map((issue) => issue.message)].join(" ")}`);
        return;
      }
      await load();
      open(result.edition.year);
    } catch (error) {
      if (isUnauthorised(error)) onUnauthorised();
      else setProblem(`Klarte ikke lage leiren for ${latest.year + 1}. ${error instanceof Error ? error.message : ""}`.trim());
    } finally {
      setCreating(false);
    }
  }

  const latest = editions[0];
  // Kommende first (the nearest at the top), then the one running, then the earlier ones, newest first.
  const editionGroups = (["upcoming", "running", "past"] as const)
    .map((phase) => {
      const inPhase = editions.filter((edition) => edition.phase === phase);
      return { phase, editions: phase === "upcoming" ? [...inPhase].reverse() : inPhase };
    })
    .filter((group) => group.editions.length > 0);
  return (
    <section aria-labelledby={`${id}-heading`} className="editions">
      <h2 id={`${id}-heading`}>Leirer</h2>
      <p>
        Her lager og endrer dere vinterleiren. «Ny leir» kopierer en tidligere leir til neste år, med alle datoer flyttet hele uker frem, så ukedagene
        blir de samme. En ny leir er et utkast til den publiseres. Flere leirer kan være publisert samtidig: den første som ikke er over, er leiren
        alle ser nå, og neste års leir tar over når den er ferdig.
      </p>
      {latest && (
        <div className="button-row edition-copy">
          <label>
            Kopier fra forrige gang{" "}
            <select value={copyFrom ?? latest.year} onChange={(event) => setCopyFrom(Number(event.target.value))}>
              {editions.map((edition) => (
                <option key={edition.year} value={edition.year}>
                  Vinterleiren {edition.year}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="button" onClick={() => void createNext()} aria-disabled={creating || undefined}>
            {creating ? "Lager leiren..." : `Ny leir (${latest.year + 1})`}
          </button>
        </div>
      )}
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      {editions.length === 0 ? (
        <p>Det finnes ingen leirer ennå.</p>
      ) : (
        editionGroups.map(({ phase, editions }) => (
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
                      <button type="button" className="row-open" ref={openButtons.register(edition.year)} onClick={() => open(edition.year)}>
                        Vinterleiren {edition.year}
                      </button>
                      <span className={`edition-badge badge-${badge}`}>{editionBadgeLabels[badge]}</span>
                    </h4>
                    <p>
                      {editionDates(edition)}, {edition.venue}
                    </p>
                    <p className="muted">{registrationStateText(edition, now, edition.current ? data.availability : undefined)}</p>
                  </li>
                );
              })}
            </ul>
          </section>
        ))
      )}
    </section>
  );
}
