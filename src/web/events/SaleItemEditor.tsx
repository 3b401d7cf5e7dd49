import { AdminField, fieldId } from "../components/admin/AdminField.tsx";
import { RowButtons, focusSoon, moveRow } from "../components/admin/RowButtons.tsx";
import { newItem, newVariant, type FieldErrors, type ItemDraft } from "./event-draft.ts";

function ListError({ formId, path, errors }: { formId: string; path: string; errors: FieldErrors }) {
  if (!errors[path]) return null;
  return (
    <p id={`${fieldId(formId, path)}-error`} className="field-error">
      {errors[path]}
    </p>
  );
}

/** What is left now of one saved size (the server's count). */
export interface StockLeft {
  itemId: string;
  variant: string;
  stock: number;
}

/** One item's sizes, each with the number for sale in all and, once saved, how many are left. */
function SizeList({
  formId,
  number,
  item,
  stockLeft,
  path,
  errors,
  onChange,
}: {
  formId: string;
  number: number;
  item: ItemDraft;
  stockLeft: readonly StockLeft[];
  path: string;
  errors: FieldErrors;
  onChange: (item: ItemDraft) => void;
}) {
  const setVariants = (variants: ItemDraft["variants"]) => onChange({ ...item, variants });
  return (
    <fieldset className="list-editor nested">
      <legend>Størrelser for vare {number}</legend>
      <ListError formId={formId} path={`${path}.variants`} errors={errors} />
      {item.variants.map((variant, index) => {
        const at = `${path}.variants.${index}`;
        const set = (change: Partial<ItemDraft["variants"][number]>) =>
          setVariants(item.variants.map((other) => (other === variant ? { ...variant, ...change } : other)));
        return (
          <div key={variant.key} className="list-row compact">
            <AdminField formId={formId} path={`${at}.id`} label={`Størrelse ${index + 1}`} error={errors[`${at}.id`]}>
              {(a11y) => <input {...a11y} type="text" autoComplete="off" value={variant.id} onChange={(event) => set({ id: event.target.value })} />}
            </AdminField>
            <AdminField
              formId={formId}
              path={`${at}.stock`}
              label="Antall i alt"
              hint={leftHint(stockLeft, item.id, variant.id)}
              error={errors[`${at}.stock`]}
            >
              {(a11y) => (
                <input
                  {...a11y}
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  value={variant.stock}
                  onChange={(event) => set({ stock: event.target.value })}
                />
              )}
            </AdminField>
            <RowButtons
              idPrefix={`${formId}-size`}
              rowKey={variant.key}
              index={index}
              count={item.variants.length}
              noun={`størrelse ${index + 1} for vare ${number}`}
              onMove={(to) => setVariants(moveRow(item.variants, index, to))}
              onRemove={() => setVariants(item.variants.filter((other) => other !== variant))}
            />
          </div>
        );
      })}
      <button
        type="button"
        className="button secondary small"
        aria-label={`Legg til størrelse for vare ${number}`}
        onClick={() => {
          setVariants([...item.variants, newVariant()]);
          focusSoon(fieldId(formId, `${path}.variants.${item.variants.length}.id`));
        }}
      >
        Legg til størrelse
      </button>
    </fieldset>
  );
}

function leftHint(stockLeft: readonly StockLeft[], itemId: string, variant: string): string | undefined {
  const left = stockLeft.find((line) => line.itemId === itemId && line.variant === variant.trim());
  return left ? `Igjen nå: ${left.stock}` : undefined;
}

/** A sale's items: name, price and sizes with stock. */
export function SaleItemEditor({
  formId,
  items,
  stockLeft = [],
  errors,
  onChange,
}: {
  formId: string;
  items: ItemDraft[];
  stockLeft?: readonly StockLeft[];
  errors: FieldErrors;
  onChange: (items: ItemDraft[]) => void;
}) {
  return (
    <fieldset className="list-editor">
      <legend>Varer</legend>
      <ListError formId={formId} path="items" errors={errors} />
      {items.map((item, index) => {
        const number = index + 1;
        const path = `items.${index}`;
        const set = (change: Partial<ItemDraft>) => onChange(items.map((other) => (other === item ? { ...item, ...change } : other)));
        return (
          <fieldset key={item.key} className="list-row">
            <legend>Vare {number}</legend>
            <AdminField formId={formId} path={`${path}.name`} label="Navn" error={errors[`${path}.name`]} className="grow">
              {(a11y) => <input {...a11y} type="text" autoComplete="off" value={item.name} onChange={(event) => set({ name: event.target.value })} />}
            </AdminField>
            <AdminField formId={formId} path={`${path}.price`} label="Pris (kr)" error={errors[`${path}.price`]}>
              {(a11y) => (
                <input
                  {...a11y}
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  value={item.price}
                  onChange={(event) => set({ price: event.target.value })}
                />
              )}
            </AdminField>
            <ListError formId={formId} path={`${path}.id`} errors={errors} />
            <SizeList formId={formId} number={number} item={item} stockLeft={stockLeft} path={path} errors={errors} onChange={(next) => set(next)} />
            <RowButtons
              idPrefix={`${formId}-item`}
              rowKey={item.key}
              index={index}
              count={items.length}
              noun={`vare ${number}`}
              onMove={(to) => onChange(moveRow(items, index, to))}
              onRemove={() => onChange(items.filter((other) => other !== item))}
            />
          </fieldset>
        );
      })}
      {items.length < 50 && (
        <button
          type="button"
          className="button secondary small"
          onClick={() => {
            onChange([...items, newItem(items)]);
            focusSoon(fieldId(formId, `items.${items.length}.name`));
          }}
        >
          Legg til vare
        </button>
      )}
    </fieldset>
  );
}
