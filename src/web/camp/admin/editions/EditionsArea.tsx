import { useCallback, useId, useRef, useState } from "react";
import type { Club, Grade } from "../../../../shared/camp/grades.ts";
import { expiredMessage, useAdminData, type AdminSession } from "../../../components/admin/AdminShell.tsx";
import { useFocusReturn } from "../../../lib/use-focus-return.ts";
import { useNow } from "../../../lib/use-now.ts";
import { useAdminYear } from "../admin-edition.tsx";
import { getClubs, getGrades } from "../../registration/registration-api.ts";
import { getCurrentEdition, type Availability } from "../../registration/current-edition-api.ts";
import { EditionEditor } from "./EditionEditor.tsx";
import { EditionList } from "./EditionList.tsx";
import type { EditionFormValues } from "./edition-form.ts";
import { getCampEditions } from "./editions-api.ts";
import { NewEdition, useNewEdition } from "./NewEdition.tsx";
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
  const openButtons = useFocusReturn<number>();
  const onUnauthorised = useCallback(() => signOut(expiredMessage), [signOut]);
  /** Unsaved form values per year, so going back to the list and in again loses nothing. */
  const kept = useRef(new Map<number, EditionFormValues>());
  const open = (year: number) => {
    setEditing((before) => before ?? { returnTo: shown.chosen });
    shown.choose(year);
  };
  const editions = shown.editions;
  const creator = useNewEdition({ editions, token, load, open, onUnauthorised });

  const now = useNow();
  if (!data || !editions)
    return (
      <p className="loading" role="status">
        Laster inn leirene...
      </p>
    );

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

  return (
    <section aria-labelledby={`${id}-heading`} className="editions">
      <h2 id={`${id}-heading`}>Leirer</h2>
      <p>
        Her lager og endrer dere vinterleiren. «Ny leir» kopierer en tidligere leir til neste år, med alle datoer flyttet hele uker frem, så ukedagene
        blir de samme. En ny leir er et utkast til den publiseres. Flere leirer kan være publisert samtidig: den første som ikke er over, er leiren
        alle ser nå, og neste års leir tar over når den er ferdig.
      </p>
      <NewEdition editions={editions} creator={creator} />
      <EditionList id={id} editions={editions} availability={data.availability} now={now} register={openButtons.register} onOpen={open} />
    </section>
  );
}
