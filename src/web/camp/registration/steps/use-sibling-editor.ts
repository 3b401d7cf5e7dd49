import { useState } from "react";
import { newCompanion, type CompanionDraft, type CompanionField } from "../../../../shared/camp/camp-registration-fields.ts";
import { validateCompanion } from "../../../../shared/camp/camp-registration-rules.ts";
import { applySiblingRules, newSibling, validateSibling, type SiblingDraft, type SiblingField } from "../../../../shared/camp/camp-siblings.ts";
import type { FieldSource } from "../../../components/wizard/bind.ts";
import { newId } from "../../../components/wizard/new-id.ts";
import type { CampWizard } from "../use-camp-wizard.ts";

/** What the step shows: the list of further athletes, one athlete's form, or a companion form for that athlete. */
export type SiblingView = { kind: "list" } | { kind: "athlete"; index?: number } | { kind: "companion"; index?: number };

/**
 * The siblings step's state, kept apart from its views: which view shows, the athlete being filled in,
 * the companion being added to that athlete, and which fields show their errors.
 */
export function useSiblingEditor(wizard: CampWizard) {
  const { draft } = wizard;
  const siblings = draft.siblings ?? [];
  const { siblings: _, ...first } = draft;
  const [view, setView] = useState<SiblingView>({ kind: "list" });
  const [form, setForm] = useState<SiblingDraft>(() => newSibling(draft.lastName, draft.clubId));
  const [companion, setCompanion] = useState<CompanionDraft>(() => newCompanion(newId()));
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [tried, setTried] = useState<ReadonlySet<"athlete" | "companion">>(() => new Set());
  const [moved, setMoved] = useState(false);
  // The athlete being edited (undefined for a new one); the companion form returns to it.
  const index = view.kind === "list" ? undefined : view.index;

  const show = (next: SiblingView) => {
    setView(next);
    setMoved(true);
  };
  const startAthlete = (at?: number) => {
    setForm(at === undefined ? newSibling(draft.lastName, draft.clubId) : siblings[at]!);
    setTouched(new Set());
    setTried(new Set());
    show({ kind: "athlete", index: at });
  };

  const errors = validateSibling(first, form);
  const athleteSource: FieldSource<SiblingDraft, SiblingField> = {
    draft: form,
    update: (patch) => setForm((current) => applySiblingRules(first, { ...current, ...patch })),
    touch: (field) => setTouched((current) => new Set(current).add(field)),
    visibleError: (field) => (touched.has(field) || tried.has("athlete") ? errors[field] : undefined),
    idPrefix: "sibling-",
  };

  const companionErrors = validateCompanion(companion);
  const companionSource: FieldSource<CompanionDraft, CompanionField> = {
    draft: companion,
    update: (patch) => setCompanion((current) => ({ ...current, ...patch })),
    touch: (field) => setTouched((current) => new Set(current).add(`companion.${field}`)),
    visibleError: (field) => (touched.has(`companion.${field}`) || tried.has("companion") ? companionErrors[field] : undefined),
    idPrefix: "sibling-companion-",
  };

  return {
    view,
    moved,
    first,
    form,
    errors,
    athleteSource,
    companionSource,
    canAddCompanion: Object.keys(companionErrors).length === 0,
    startAthlete,
    backToList: () => show({ kind: "list" }),
    saveAthlete: () => {
      wizard.saveSibling(form, index);
      show({ kind: "list" });
    },
    tryAthlete: () => setTried((current) => new Set(current).add("athlete")),
    // A fresh companion form: the last one's errors and touched fields are forgotten.
    startCompanion: () => {
      setCompanion(newCompanion(newId()));
      setTried((current) => new Set([...current].filter((which) => which !== "companion")));
      setTouched((current) => new Set([...current].filter((key) => !key.startsWith("companion."))));
      show({ kind: "companion", index });
    },
    backToAthlete: () => show({ kind: "athlete", index }),
    addCompanion: () => {
      const ledsagere = [...(form.ledsagere ?? []), companion];
      athleteSource.update({ ledsagere, hasLedsager: true });
      show({ kind: "athlete", index });
    },
    tryCompanion: () => setTried((current) => new Set(current).add("companion")),
  };
}

export type SiblingEditor = ReturnType<typeof useSiblingEditor>;
