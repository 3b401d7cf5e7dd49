/** One person of a registration on "Min påmelding", with «Avbestill» (asked first) and the refund rule in the family's words. */
import { useState } from "react";
import type { MyPerson, MyRegistrationView } from "../../../shared/camp/camp-my-registration.ts";
import { cancellationPreview } from "../../../shared/camp/cancellation-terms.ts";
import { formatKroner } from "../../../shared/format.ts";
import { ConfirmAction, useConfirmation } from "../../components/ConfirmAction.tsx";
import type { ActionResult } from "./my-registration-api.ts";

/** `who`: in a group, the athlete's name (cancelling the athlete ends that athlete's registration only). */
export function RefundRule({ view, who }: { view: MyRegistrationView; who?: string }) {
  // One rule whatever the payment method: it applies to what was paid.
  if (view.status !== "confirmed" || view.paymentMethod === "free") return null;
  const how = view.paymentMethod === "vipps" ? " med Vipps" : "";
  const everything = view.persons.find((person) => person.kind === "athlete")?.refundIfCancelledToday ?? 0;
  // The rule's own sentence, made by the server from the rule it applies (the same words as the terms and mails).
  return (
    <p className="my-rule">
      Avbestiller du {who ?? "hele påmeldingen"} i dag, får du {formatKroner(everything)} tilbake{how}. {view.refundTerms} Det som ikke er betalt
      ennå, faller bort uten at noe betales tilbake.
    </p>
  );
}

export function PersonCard({ person, view, onCancel }: { person: MyPerson; view: MyRegistrationView; onCancel: () => Promise<ActionResult> }) {
  const confirmation = useConfirmation<"cancel">();
  const [error, setError] = useState<string>();
  const name = `${person.firstName} ${person.lastName}`;
  const canCancel = view.changeable && !person.cancelled;
  // The one rule on what was paid for the person, in the shared words (nothing paid: it costs nothing).
  const refundText =
    view.paymentMethod === "free"
      ? ""
      : cancellationPreview({ paidFor: person.paidForIfCancelledToday, refund: person.refundIfCancelledToday }, view.paymentMethod);
  const confirm = async () => {
    setError(undefined);
    const result = await onCancel();
    if (result.kind === "ok") confirmation.close();
    else
      setError(
        result.kind === "conflict" || result.kind === "invalid"
          ? result.message
          : result.kind === "notfound"
            ? "Fant ikke påmeldingen."
            : "Vi fikk ikke avbestilt. Prøv igjen om litt.",
      );
  };
  return (
    <li className={`my-person${person.cancelled ? " is-cancelled" : ""}`}>
      <div className="my-person-head">
        <strong>{name}</strong>
        <span className="my-person-role">{person.kind === "athlete" ? "Utøver" : "Ledsager"}</span>
      </div>
      <p className="my-person-amount">{person.cancelled ? "Avbestilt" : formatKroner(person.amount)}</p>
      {canCancel && !confirmation.open && (
        <button
          type="button"
          className="button secondary"
          ref={confirmation.trigger("cancel")}
          onClick={() => confirmation.ask("cancel")}
          aria-label={`Avbestill ${name}`}
        >
          Avbestill
        </button>
      )}
      {canCancel && confirmation.open && (
        <ConfirmAction
          className="my-confirm"
          label={`Bekreft avbestilling av ${name}`}
          confirmLabel="Ja, avbestill"
          busyLabel="Avbestiller …"
          cancelLabel="Nei, behold"
          error={error}
          onConfirm={confirm}
          onCancel={() => {
            setError(undefined);
            confirmation.cancel();
          }}
        >
          <strong>Avbestille {name}?</strong>{" "}
          {person.kind === "athlete" &&
            view.persons.some((other) => other.kind === "companion" && !other.cancelled) &&
            "Hele påmeldingen avbestilles, også ledsagerne. "}
          {refundText}
        </ConfirmAction>
      )}
    </li>
  );
}
