import { AdminField, fieldId } from "../components/admin/AdminField.tsx";
import { RowButtons, focusSoon, moveRow } from "../components/admin/RowButtons.tsx";
import { newPriceBand, type FieldErrors, type PriceBandDraft } from "./event-draft.ts";

/** The age a band starts at: the year after the band above it, or 0 for the first. */
function fromAge(bands: PriceBandDraft[], index: number): string {
  if (index === 0) return "0";
  const previous = Number(bands[index - 1]!.maxAge);
  return bands[index - 1]!.maxAge.trim() !== "" && Number.isInteger(previous) ? String(previous + 1) : "–";
}

/** A course's prices by age, youngest first; everyone older than the last band pays the course's price. */
export function PriceBandEditor({
  formId,
  bands,
  errors,
  onChange,
}: {
  formId: string;
  bands: PriceBandDraft[];
  errors: FieldErrors;
  onChange: (bands: PriceBandDraft[]) => void;
}) {
  return (
    <fieldset className="list-editor">
      <legend>Priser etter alder</legend>
      <p className="field-hint">Yngste gruppe først. Den som er eldre enn siste gruppe, betaler prisen over.</p>
      {errors.priceBands && (
        <p id={`${fieldId(formId, "priceBands")}-error`} className="field-error">
          {errors.priceBands}
        </p>
      )}
      {bands.length === 0 && <p className="muted">Alle betaler samme pris.</p>}
      {bands.map((band, index) => {
        const path = `priceBands.${index}`;
        const set = (change: Partial<PriceBandDraft>) => onChange(bands.map((other) => (other === band ? { ...band, ...change } : other)));
        return (
          <fieldset key={band.key} className="list-row">
            <legend>Aldersgruppe {index + 1}</legend>
            <p className="band-from">
              Fra alder: <strong>{fromAge(bands, index)}</strong>
            </p>
            <AdminField formId={formId} path={`${path}.maxAge`} label="Til alder" error={errors[`${path}.maxAge`]}>
              {(a11y) => (
                <input
                  {...a11y}
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  value={band.maxAge}
                  onChange={(event) => set({ maxAge: event.target.value })}
                />
              )}
            </AdminField>
            <AdminField formId={formId} path={`${path}.price`} label="Pris (kr)" error={errors[`${path}.price`]}>
              {(a11y) => (
                <input
                  {...a11y}
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  value={band.price}
                  onChange={(event) => set({ price: event.target.value })}
                />
              )}
            </AdminField>
            <RowButtons
              idPrefix={`${formId}-band`}
              rowKey={band.key}
              index={index}
              count={bands.length}
              noun={`aldersgruppe ${index + 1}`}
              onMove={(to) => onChange(moveRow(bands, index, to))}
              onRemove={() => onChange(bands.filter((other) => other !== band))}
            />
          </fieldset>
        );
      })}
      {bands.length < 10 && (
        <button
          type="button"
          className="button secondary small"
          onClick={() => {
            onChange([...bands, newPriceBand()]);
            focusSoon(fieldId(formId, `priceBands.${bands.length}.maxAge`));
          }}
        >
          Legg til aldersgruppe
        </button>
      )}
    </fieldset>
  );
}
