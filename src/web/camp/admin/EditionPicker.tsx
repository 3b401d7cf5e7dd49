import { useCallback, useEffect, useId } from "react";
import { editionPhaseLabels } from "../../../shared/camp/camp-edition-phase.ts";
import type { AdminSession } from "../../components/admin/AdminShell.tsx";
import { useAdminYear } from "./admin-edition.tsx";
import { getCampEditions, type AdminEdition } from "./editions/editions-api.ts";

/** "2026 – pågår (vises nå)", "2027 – kommende", "2025 – tidligere", "2028 – utkast". */
export function editionChoiceLabel(edition: Pick<AdminEdition, "year" | "phase" | "current" | "publishedAt">): string {
  const phase = edition.publishedAt ? editionPhaseLabels[edition.phase].toLocaleLowerCase("nb-NO") : "utkast";
  return `Vinterleiren ${edition.year} – ${phase}${edition.current ? " (vises nå)" : ""}`;
}

/**
 * «Vis leir»: which camp edition the whole admin shows (the year in AdminYear). The choices are read again when
 * another tab opens or the list gets focus, so a camp made under «Leirer» shows up; a save or a publish under
 * «Leirer» changes its label here at once.
 */
export function EditionPicker({
  session,
  refreshKey,
}: {
  session: AdminSession;
  /** A change (another tab opened) reads the choices again. */
  refreshKey?: string;
}) {
  const id = useId();
  const { year, editions, choose, readEditions } = useAdminYear();
  const load = useCallback(async () => {
    // Without the list (a network hiccup) the admin still works on the year it shows.
    await readEditions(() => getCampEditions(session.token)).catch(() => undefined);
  }, [session.token, readEditions]);
  useEffect(() => {
    void load();
  }, [load, refreshKey]);
  if (!editions || editions.length === 0) return null;
  return (
    <div className="edition-picker">
      <label htmlFor={id}>Vis leir</label>
      <select
        id={id}
        value={year}
        onFocus={() => void load()}
        onChange={(event) => {
          const edition = editions.find((candidate) => candidate.year === Number(event.target.value));
          if (edition) choose(edition.year);
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
