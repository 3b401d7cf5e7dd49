// «Ny leir»: next year's edition, copied from an earlier one (by default the latest).
import { useState } from "react";
import { isUnauthorised } from "../../../components/admin/AdminShell.tsx";
import { copyCampEditionFrom, type AdminEdition } from "./editions-api.ts";

/** Kept by the area, so the chosen source and a failure stay while an edition's form is open. */
export function useNewEdition({
  editions,
  token,
  load,
  open,
  onUnauthorised,
}: {
  editions: readonly AdminEdition[] | undefined;
  token: string;
  load: () => Promise<void>;
  open: (year: number) => void;
  onUnauthorised: () => void;
}) {
  const [creating, setCreating] = useState(false);
  const [problem, setProblem] = useState<string>();
  /** «Kopier fra forrige gang»: the edition a new one starts from (default: the latest). */
  const [copyFrom, setCopyFrom] = useState<number>();

  async function createNext() {
    const latest = editions?.[0];
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

  return { creating, problem, copyFrom, setCopyFrom, createNext };
}

/** The source to copy from and the «Ny leir» button, then why the last try failed. */
export function NewEdition({ editions, creator }: { editions: readonly AdminEdition[]; creator: ReturnType<typeof useNewEdition> }) {
  const { creating, problem, copyFrom, setCopyFrom, createNext } = creator;
  const latest = editions[0];
  return (
    <>
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
    </>
  );
}
