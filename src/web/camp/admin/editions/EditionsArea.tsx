import { useCallback, useId, useRef, useState } from "react";
import type { Club, Grade } from "../../../../shared/camp/grades.ts";
import { expiredMessage, isUnauthorised, useAdminData, type AdminSession } from "../../../components/admin/AdminShell.tsx";
import { useFocusReturn } from "../../../lib/use-focus-return.ts";
import { getClubs, getGrades } from "../../registration/registration-api.ts";
import { getCurrentEdition, type Availability } from "../../registration/current-edition-api.ts";
import { EditionEditor } from "./EditionEditor.tsx";
import type { EditionFormValues } from "./edition-form.ts";
import { editionBadge, editionBadgeLabels, editionDates, registrationStateText } from "./edition-status.ts";
import { getCampEditions, putCampEdition, type AdminEdition } from "./editions-api.ts";
import "./editions.css";

interface Data {
  editions: AdminEdition[];
  /** The server's state of the current edition (places counted), when there is one. */
  availability: Availability | undefined;
  clubs: Club[];
  grades: Grade[];
}

async function fetchData(token: string): Promise<Data> {
  const [editions, current, clubs, grades] = await Promise.all([
    getCampEditions(token),
    getCurrentEdition().catch(() => "none" as const),
    // The pick lists are a convenience: without them the form asks for the numbers.
    getClubs().catch(() => []),
    getGrades().catch(() => []),
  ]);
  return { editions, availability: current === "none" ? undefined : current.availability, clubs, grades };
}

const failedMessage = "Klarte ikke hente leirene, så du er logget ut. Logg inn på nytt for å prøve igjen.";

/** "Leirer": every edition, "Ny leir", and one edition's form, preview, publish and change log. */
export function EditionsArea({ session }: { session: AdminSession }) {
  const id = useId();
  const { token, signOut } = session;
  const { data, load } = useAdminData(session, fetchData, failedMessage);
  const [open, setOpen] = useState<number>();
  const [creating, setCreating] = useState(false);
  const [problem, setProblem] = useState<string>();
  const openButtons = useFocusReturn<number>();
  const onUnauthorised = useCallback(() => signOut(expiredMessage), [signOut]);
  /** Unsaved form values per year, so going back to the list and in again loses nothing. */
  const kept = useRef(new Map<number, EditionFormValues>());

  if (!data) return <p className="loading" role="status">Laster inn leirene...</p>;

  const current = data.editions.find((edition) => edition.current);
  const editing = open === undefined ? undefined : data.editions.find((edition) => edition.year === open);

  if (editing) {
    return (
      <EditionEditor
        key={editing.year}
        edition={editing}
        currentYear={current?.year}
        token={token}
        clubs={data.clubs}
        grades={data.grades}
        onBack={() => {
          openButtons.returnTo(editing.year);
          setOpen(undefined);
        }}
        onSaved={load}
        onUnauthorised={onUnauthorised}
        kept={kept.current.get(editing.year)}
        onKeep={(values) => {
          if (values) kept.current.set(editing.year, values);
          else kept.current.delete(editing.year);
        }}
      />
    );
  }

  async function createNext() {
    const latest = data!.editions[0];
    if (!latest || creating) return;
    setCreating(true);
    setProblem(undefined);
    try {
      const result = await putCampEdition(latest.year + 1, {}, token);
      if (result.kind === "invalid") {
        setProblem(`Klarte ikke lage leiren for ${latest.year + 1}. ${[result.message, ...result.issues.map((issue) => issue.message)].join(" ")}`);
        return;
      }
      await load();
      setOpen(result.edition.year);
    } catch (error) {
      if (isUnauthorised(error)) onUnauthorised();
      else setProblem(`Klarte ikke lage leiren for ${latest.year + 1}. ${error instanceof Error ? error.message : ""}`.trim());
    } finally {
      setCreating(false);
    }
  }

  const now = new Date();
  const latest = data.editions[0];
  return (
    <section aria-labelledby={`${id}-heading`} className="editions">
      <h2 id={`${id}-heading`}>Leirer</h2>
      <p>
        Her lager og endrer dere vinterleiren. «Ny leir» kopierer den siste leiren ett år frem, med de samme ukedagene. En ny
        leir er et utkast til den publiseres.
      </p>
      {latest && (
        <div className="button-row">
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
      {data.editions.length === 0 ? (
        <p>Det finnes ingen leirer ennå.</p>
      ) : (
        <ul className="edition-list">
          {data.editions.map((edition) => {
            const badge = editionBadge(edition);
            return (
              <li key={edition.year} className={`edition-card is-${badge}`}>
                <h3>
                  <button
                    type="button"
                    className="row-open"
                    ref={openButtons.register(edition.year)}
                    onClick={() => setOpen(edition.year)}
                  >
                    Vinterleiren {edition.year}
                  </button>
                  <span className={`edition-badge badge-${badge}`}>{editionBadgeLabels[badge]}</span>
                </h3>
                <p>
                  {editionDates(edition)}, {edition.venue}
                </p>
                <p className="muted">{registrationStateText(edition, now, edition.current ? data.availability : undefined)}</p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
