import { useCallback, useEffect, useId, useState } from "react";
import { editionPhaseLabels } from "../../../shared/camp/camp-edition-phase.ts";
import type { AdminSession } from "../../components/admin/AdminShell.tsx";
import { getCampEditions, type AdminEdition } from "./editions/editions-api.ts";

/** "2026 – pågår (vises nå)", "2027 – kommende", "2025 – tidligere", "2028 – utkast". */
export function editionChoiceLabel(edition: Pick<AdminEdition, "year" | "phase" | "current" | "publishedAt">): string {
  const phase = edition.publishedAt ? editionPhaseLabels[edition.phase].toLocaleLowerCase("nb-NO") : "utkast";
  return `Vinterleiren ${edition.year} – ${phase}${edition.current ? " (vises nå)" : ""}`;
}

/**
 * Which camp edition the admin's lists, totals, exports and waiting list show: «the» camp unless another is
 * chosen. The choices are read again when another tab opens or the list gets focus, so a camp made under
 * «Leirer» shows up.
 */
export function EditionPicker({
  session,
  year,
  onChoose,
  refreshKey,
}: {
  session: AdminSession;
  year: number | undefined;
  onChoose: (edition: AdminEdition) => void;
  /** A change (another tab opened) reads the choices again. */
  refreshKey?: string;
}) {
  const id = useId();
  const [editions, setEditions] = useState<AdminEdition[]>();
  const load = useCallback(async () => {
    // Without the list (a network hiccup) the admin still works on «the» camp.
    setEditions(await getCampEditions(session.token).catch(() => undefined));
  }, [session.token]);
  useEffect(() => {
    void load();
  }, [load, refreshKey]);
  if (!editions || editions.length === 0) return null;
  const chosen = year ?? editions.find((edition) => edition.current)?.year ?? editions[0]!.year;
  return (
    <div className="edition-picker">
      <label htmlFor={id}>Vis leir</label>
      <select
        id={id}
        value={chosen}
        onFocus={() => void load()}
        onChange={(event) => {
          const edition = editions.find((candidate) => candidate.year === Number(event.target.value));
          if (edition) onChoose(edition);
        }}
      >
        {editions.map((edition) => (
          <option key={edition.year} value={edition.year}>
            {editionChoiceLabel(edition)}
          </option>
        ))}
      </select>
    </div>
  );
}
