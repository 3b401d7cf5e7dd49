import { useId, useState, type FormEvent } from "react";
import type { AdminPerson } from "../../../shared/camp/camp-lists.ts";
import { ledgerFigureLabels } from "../../../shared/camp/camp-ledger-labels.ts";
import { LeaderCompanionAddSchema } from "../../../shared/camp/camp-registration-changes.ts";
import { newCompanion, type CompanionDraft, type CompanionField } from "../../../shared/camp/camp-registration-fields.ts";
import { validateCompanion, type FieldErrors } from "../../../shared/camp/camp-registration-rules.ts";
import { formatKroner } from "../../../shared/format.ts";
import { ConfirmAction, useConfirmation } from "../../components/ConfirmAction.tsx";
import { CompanionFields } from "../../components/wizard/CompanionFields.tsx";
import { newId } from "../../components/wizard/new-id.ts";
import type { z } from "zod";
import type { LeaderCompanionAnswerSchema } from "../../../shared/camp/camp-admin-answers.ts";
import { campAdminCalls } from "../../../shared/camp/camp-admin-calls.ts";
import { callApi, type CallOutcome } from "../../lib/call-api.ts";

/** What the server answers the leader's companion change: the new price, what is left to pay, what goes back. */
type CompanionOutcome = z.infer<typeof LeaderCompanionAnswerSchema>;

interface Props {
  person: AdminPerson;
  token: string;
  onChanged: () => Promise<void>;
  onUnauthorised: () => void;
}

type Posted =
  | { ok: true; outcome: CompanionOutcome }
  | { ok: false; message: string; issues: { path: string; message: string }[] }
  | { ok: false; unauthorised: true };

function posted(outcome: CallOutcome<CompanionOutcome>): Posted {
  if (outcome.status === 401) return { ok: false, unauthorised: true };
  if (outcome.kind === "unreadable") return { ok: false, message: `Det gikk ikke (${outcome.status}).`, issues: [] };
  if (outcome.kind === "refused") {
    const error = outcome.error;
    return { ok: false, message: error?.issues?.[0]?.message ?? error?.error ?? `Det gikk ikke (${outcome.status}).`, issues: error?.issues ?? [] };
  }
  return { ok: true, outcome: outcome.answer };
}

/** The money a change means, in the words every screen uses. */
function moneyText(outcome: CompanionOutcome): string {
  const parts = [
    `Ny pris ${formatKroner(outcome.total)}`,
    `${ledgerFigureLabels.outstanding.toLocaleLowerCase("nb-NO")} ${formatKroner(outcome.outstanding)}`,
  ];
  if (outcome.refund > 0) parts.push(`${formatKroner(outcome.refund)} tilbake`);
  return `${parts.join(", ")}.`;
}

/**
 * «Legg til ledsager» in «Rett påmeldingen»: the wizard's companion form, checked by the shared schema
 * before it is sent and again by the server. The companion is charged and owed until paid; the family is mailed.
 */
export function LeaderAddCompanion({ person, token, onChanged, onUnauthorised, onAdded }: Props & { onAdded: (text: string) => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [companion, setCompanion] = useState<CompanionDraft>(() => newCompanion(newId()));
  const [errors, setErrors] = useState<FieldErrors<CompanionField>>({});
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string>();
  const set = <K extends keyof CompanionDraft>(field: K, value: CompanionDraft[K]) => setCompanion((current) => ({ ...current, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateCompanion(companion);
    setErrors(found);
    const parsed = LeaderCompanionAddSchema.safeParse(companion);
    if (Object.keys(found).length > 0 || !parsed.success) return setMessage("Sjekk feltene for ledsageren.");
    setBusy(true);
    setMessage(undefined);
    try {
      const added = posted(
        await callApi(campAdminCalls.addCompanion, { params: { registrationId: String(person.registrationId), token }, body: parsed.data }),
      );
      if (!added.ok && "unauthorised" in added) return onUnauthorised();
      if (!added.ok) {
        setErrors(Object.fromEntries(added.issues.map((issue) => [issue.path.split(".").pop()!, issue.message])));
        return setMessage(added.message);
      }
      // The outcome is said where the companions are listed, one message for the latest change.
      onAdded(`${companion.firstName} ${companion.lastName} er lagt til som ledsager, og familien har fått e-post. ${moneyText(added.outcome)}`);
      setCompanion(newCompanion(newId()));
      setOpen(false);
      await onChanged();
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="correction-form">
      <h3 id={`${id}-heading`}>Legg til ledsager</h3>
      {!open ? (
        <button type="button" className="button secondary" onClick={() => setOpen(true)}>
          Legg til ledsager
        </button>
      ) : (
        <form onSubmit={submit} noValidate>
          <p className="field-hint">
            Prisen er den som gjaldt da {person.firstname} ble påmeldt. Beløpet står som «{ledgerFigureLabels.outstanding}» til familien har betalt.
          </p>
          <CompanionFields idPrefix={id} companion={companion} errors={errors} set={set} />
          <div className="button-row">
            <button type="submit" className="button secondary" disabled={busy}>
              {busy ? "Legger til..." : "Legg til ledsageren"}
            </button>
            <button type="button" className="button secondary" onClick={() => setOpen(false)} disabled={busy}>
              Avbryt
            </button>
          </div>
        </form>
      )}
      <p role="status" className={message ? "form-error" : undefined}>
        {message ?? ""}
      </p>
    </section>
  );
}

/**
 * The companions of a registration in «Rett påmeldingen», each with «Fjern»: the one cancellation rule on
 * what was paid for the companion (nothing paid: simply removed; paid: the rule's share back). The family
 * is mailed. Below them, «Legg til ledsager».
 */
export function LeaderCompanions({ person, companions, token, onChanged, onUnauthorised }: Props & { companions: AdminPerson[] }) {
  const id = useId();
  const confirmation = useConfirmation<number>();
  const [message, setMessage] = useState<{ ok: boolean; text: string }>();

  async function remove(companion: AdminPerson) {
    const removed = posted(
      await callApi(campAdminCalls.removeCompanion, {
        params: { registrationId: String(person.registrationId), token },
        body: { companionId: companion.companionId ?? 0 },
      }),
    );
    if (!removed.ok && "unauthorised" in removed) return onUnauthorised();
    if (!removed.ok) throw new Error(removed.message);
    confirmation.close();
    setMessage({
      ok: true,
      text: `${companion.firstname} ${companion.lastname} er fjernet som ledsager, og familien har fått e-post. ${moneyText(removed.outcome)}`,
    });
    await onChanged();
  }

  return (
    <>
      <section aria-labelledby={`${id}-heading`} className="correction-form">
        <h3 id={`${id}-heading`}>Ledsagere</h3>
        {companions.length === 0 ? (
          <p>Ingen ledsagere.</p>
        ) : (
          <ul className="leader-companions">
            {companions.map((companion) => {
              const name = `${companion.firstname} ${companion.lastname}`;
              return (
                <li key={companion.companionId}>
                  {confirmation.isOpen(companion.companionId!) ? (
                    <ConfirmAction
                      confirmLabel="Ja, fjern"
                      busyLabel="Fjerner..."
                      cancelLabel="Nei"
                      onConfirm={() => remove(companion)}
                      onCancel={confirmation.cancel}
                    >
                      Vil du fjerne {name} som ledsager? Er det betalt for ledsageren, gjelder avbestillingsreglene for det som er betalt.
                    </ConfirmAction>
                  ) : (
                    <>
                      <span>
                        {name} ({formatKroner(companion.amount)}, {ledgerFigureLabels.paid.toLocaleLowerCase("nb-NO")} {formatKroner(companion.paid)})
                      </span>{" "}
                      <button
                        type="button"
                        className="button secondary"
                        ref={confirmation.trigger(companion.companionId!)}
                        onClick={() => confirmation.ask(companion.companionId!)}
                        aria-label={`Fjern ${name}`}
                      >
                        Fjern
                      </button>
                    </>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        <p role="status" className={message && !message.ok ? "form-error" : undefined}>
          {message?.text ?? ""}
        </p>
      </section>
      <LeaderAddCompanion
        person={person}
        token={token}
        onChanged={onChanged}
        onUnauthorised={onUnauthorised}
        onAdded={(text) => setMessage({ ok: true, text })}
      />
    </>
  );
}
