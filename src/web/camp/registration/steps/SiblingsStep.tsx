import { SiblingList } from "./SiblingList.tsx";
import { SiblingCompanionForm, SiblingForm } from "./SiblingForm.tsx";
import type { DataStepProps } from "./step-props.ts";
import { useSiblingEditor } from "./use-sibling-editor.ts";

/**
 * The further athletes of a family submission. Each has the first athlete's contact details, consents and
 * payment choice, and everything else of its own: club, grade, grading, sleepover, companions, food,
 * allergies and its own answer to the public-list question.
 */
export function SiblingsStep({ wizard, data }: DataStepProps) {
  const editor = useSiblingEditor(wizard);
  const { view } = editor;

  if (view.kind === "list") {
    return (
      <SiblingList
        wizard={wizard}
        data={data}
        onAdd={() => editor.startAthlete()}
        onEdit={editor.startAthlete}
        focusHeading={wizard.moved || editor.moved}
      />
    );
  }
  // The keys give each view a fresh layout (and its heading focus) when the step switches between them.
  if (view.kind === "companion") {
    return <SiblingCompanionForm key="companion" editor={editor} />;
  }
  return <SiblingForm key="athlete" editor={editor} draft={wizard.draft} data={data} editing={view.index !== undefined} />;
}
