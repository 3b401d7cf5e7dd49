import { useId } from "react";
import { campDayLabel } from "../../../../shared/camp/camp-checkin.ts";
import { checkInCalls } from "../../../../shared/camp/check-in-calls.ts";
import { doorActionKindLabels, type DoorRefusal } from "../../../../shared/camp/door-list.ts";
import { paymentMethodLabel } from "../../../../shared/camp/camp-state-labels.ts";
import { formatKroner, osloDateTimeLabel } from "../../../../shared/format.ts";
import { AdminLoading, useAdminData, type AdminSession } from "../../../components/admin/AdminShell.tsx";
import { readCall } from "../../../lib/call-api.ts";

const failedMessage = "Klarte ikke hente det som ble avvist i døra, så du er logget ut. Logg inn på nytt for å prøve igjen.";

async function getDoorRefusals(token: string): Promise<DoorRefusal[]> {
  return (await readCall(checkInCalls.refused, { params: { token }, query: {} })).refusals;
}

function actionText(refusal: DoorRefusal): string {
  const kind = doorActionKindLabels[refusal.kind];
  if (refusal.kind !== "payment" || refusal.amount === null) return kind;
  return `${kind} ${formatKroner(refusal.amount)}${refusal.method ? ` (${paymentMethodLabel(refusal.method)})` : ""}`;
}

/**
 * «Avvist i døra»: every action from the door that the server refused, newest first — above all a payment
 * taken at two doors while both were offline (the second is more than was left). Nothing of it is in the
 * ledger; the leader settles it with the person (give the money back, or note what it was for).
 */
export function DoorRefusalsArea({ session }: { session: AdminSession }) {
  const id = useId();
  const { data, load } = useAdminData(session, getDoorRefusals, failedMessage);
  if (!data) return <AdminLoading text="Henter det som ble avvist i døra...">{null}</AdminLoading>;
  return (
    <section className="door-refusals" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Avvist i døra</h2>
      <p>
        Handlinger fra innsjekkingen som serveren sa nei til, for eksempel en betaling som alt var tatt i en annen dør mens begge var uten nett. De er
        ikke ført i regnskapet. Ta det opp med den det gjelder, og gi pengene tilbake hvis de er betalt to ganger.
      </p>
      <button type="button" className="button secondary" onClick={() => void load()}>
        Oppdater
      </button>
      {data.length === 0 ? (
        <p>Ingenting er avvist.</p>
      ) : (
        <ul className="door-refusal-list">
          {data.map((refusal) => (
            <li key={refusal.actionId}>
              <p>
                <strong>{refusal.name}</strong> ({refusal.club}, {refusal.orderId})
              </p>
              <p>
                {actionText(refusal)} · {campDayLabel(refusal.day)} · av {refusal.by} · {osloDateTimeLabel(refusal.at)}
              </p>
              <p className="form-error">{refusal.message}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
