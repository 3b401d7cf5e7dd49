import { useId, useState, type FormEvent } from "react";
import type { AdminPerson } from "../../../shared/camp/camp-lists.ts";
import { ledgerFigureLabels } from "../../../shared/camp/camp-ledger.ts";
import { LeaderCompanionAddSchema } from "../../../shared/camp/camp-registration-changes.ts";
import { newCompanion, type CompanionDraft, type CompanionField } from "../../../shared/camp/camp-registration-fields.ts";
import { validateCompanion, type FieldErrors } from "../../../shared/camp/camp-registration-rules.ts";
import { formatKroner } from "../../../shared/format.ts";
import { ConfirmAction, useConfirmation } from "../../components/ConfirmAction.tsx";
import { CompanionFields } from "../../components/wizard/CompanionFields.tsx";
import { newId } from "../../components/wizard/new-id.ts";
import { parseErrorBody, send } from "../../lib/api-client.ts";

/** What the server answers the leader's companion change: the new price, what is left to pay, what goes back. */
interface CompanionOutcome {
  changed: boolean;
  total: number;
  outstanding: number;
  refund: number;
}

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

async function post(path: string, body: object): Promise<Posted> {
  const response = await send(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const text = await response.text();
  if (response.status === 401) return { ok: false, unauthorised: true };
  if (!response.ok) {
    const error = parseErrorBody(text);
    return { ok: false, message: error?.issues?.[0]?.message ?? error?.error ?? `Det gikk ikke (${response.status}).`, issues: error?.issues ?? [] };
  }
  return { ok: true, outcome: JSON.parse(text) as CompanionOutcome };
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
      const posted = await post(`/api/VinterleirAdmin/AddCompanion/${person.registrationId}/${encodeURIComponent(token)}`, parsed.data);
      if (!posted.ok && "unauthorised" in posted) return onUnauthorised();
      if (!posted.ok) {
        setErrors(Object.fromEntries(posted.issues.map((issue) => [issue.path.split(".").pop()!, issue.message])));
        return setMessage(posted.message);
      }
      // The outcome is said where the companions are listed, one message for the latest change.
      onAdded(`${companion.firstName} ${companion.lastName} er lagt til som ledsager, og familien har fått e-post. ${moneyText(posted.outcome)}`);
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
            Prisen er den som gjaldt da {person.firstname} ble påmeldt. Beløpet står som «Å betale» til familien har betalt.
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
    const posted = await post(`/api/VinterleirAdmin/RemoveCompanion/${person.registrationId}/${encodeURIComponent(token)}`, {
      companionId: companion.companionId,
    });
    if (!posted.ok && "unauthorised" in posted) return onUnauthorised();
    if (!posted.ok) throw new Error(posted.message);
    confirmation.close();
    setMessage({
      ok: true,
      text: `${companion.firstname} ${companion.lastname} er fjernet som ledsager, og familien har fått e-post. ${moneyText(posted.outcome)}`,
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
