import { useId, useRef, useState, type FormEvent } from "react";
import { checkInMessages, type CheckInActionKind, type DoorPaymentMethod } from "../../../shared/camp/camp-checkin.ts";
import { formatKroner } from "../../../shared/format.ts";
import { paymentMethodLabel } from "../../../shared/camp/camp-state-labels.ts";
import { DoorMoney } from "../../components/door/DoorMoney.tsx";
import type { HitView } from "./pending-view.ts";

/** One registration at the door: the athlete and companions, the money, and the buttons that act. */
export function HitCard({
  view,
  day,
  onAct,
}: {
  view: HitView;
  day: string | undefined;
  /** `undoes`: the payment an undo takes back (the last one this phone shows). */
  onAct: (kind: CheckInActionKind, personId: string, label: string, amount?: number, method?: DoorPaymentMethod, undoes?: string) => void;
}) {
  const id = useId();
  const athlete = view.persons[0]!;
  const cancelled = view.status === "cancelled";

  return (
    <article className={cancelled ? "checkin-card cancelled" : "checkin-card"} aria-labelledby={`${id}-name`}>
      <h3 id={`${id}-name`}>{athlete.name}</h3>
      <p className="checkin-club">
        {view.club} · {view.orderId}
      </p>
      {cancelled && <p className="checkin-warning">Påmeldingen er avbestilt.</p>}
      {view.status === "pending_payment" && <p className="checkin-warning">Betalingen med Vipps ble ikke fullført.</p>}
      <DoorMoney charged={view.amount} paid={view.paid} outstanding={view.outstanding} />
      <ul className="checkin-persons">
        {view.persons.map((person) => {
          const here = day !== undefined && person.checkedIn.includes(day);
          const waiting = view.waitingPersons.has(person.personId);
          return (
            <li key={person.personId} className={here ? "here" : undefined}>
              <div className="checkin-person">
                <p className="checkin-person-name">
                  {person.name}
                  {person.isLedsager && <span className="checkin-tag">Ledsager</span>}
                </p>
                <p className="checkin-tags">
                  {person.grade && <span>{person.grade}</span>}
                  {person.gradering && <span className="checkin-tag">Gradering</span>}
                  {person.sleepover && <span className="checkin-tag">Overnatter</span>}
                  {person.vegan && <span className="checkin-tag">Vegansk</span>}
                  {person.allergy && <span className="checkin-tag allergy">Allergi – se kjøkkenlisten</span>}
                </p>
                {here && <p className="checkin-done">{waiting ? "Sjekket inn (venter på nett)" : "Sjekket inn"}</p>}
              </div>
              {!cancelled &&
                (here ? (
                  <button
                    type="button"
                    className="button secondary"
                    onClick={() => onAct("undo-checkin", person.personId, `Angret innsjekking av ${person.name}`)}
                  >
                    Angre<span className="visually-hidden"> innsjekking av {person.name}</span>
                  </button>
                ) : (
                  <button type="button" className="button" onClick={() => onAct("checkin", person.personId, `Sjekket inn ${person.name}`)}>
                    Sjekk inn<span className="visually-hidden"> {person.name}</span>
                  </button>
                ))}
            </li>
          );
        })}
      </ul>
      {view.doorPayments.length > 0 && (
        <div className="checkin-paid">
          <p>
            Betalt i døra: {view.doorPayments.map((payment) => formatKroner(payment.amount)).join(", ")}
            {view.waitingPayments > 0 && " (venter på nett)"}
          </p>
          <button
            type="button"
            className="button secondary"
            onClick={() =>
              onAct("undo-payment", athlete.personId, `Angret betaling for ${athlete.name}`, undefined, undefined, view.doorPayments.at(-1)?.actionId)
            }
          >
            Angre siste betaling<span className="visually-hidden"> for {athlete.name}</span>
          </button>
        </div>
      )}
      {!cancelled && view.outstanding > 0 && (
        // A new form (with what is left as its amount) each time the amount left changes.
        <PayForm
          key={view.outstanding}
          outstanding={view.outstanding}
          name={athlete.name}
          onPay={(kroner, method) =>
            onAct("payment", athlete.personId, `Betalt ${formatKroner(kroner)} (${paymentMethodLabel(method)}) for ${athlete.name}`, kroner, method)
          }
        />
      )}
    </article>
  );
}

/**
 * The amount (what is left, or what the helper typed) and two choices, «Kort» and «Kontant», so the treasurer
 * can match the card terminal. Never more than is left: the server refuses it too.
 */
function PayForm({ outstanding, name, onPay }: { outstanding: number; name: string; onPay: (kroner: number, method: DoorPaymentMethod) => void }) {
  const id = useId();
  const [amount, setAmount] = useState(outstanding > 0 ? String(outstanding) : "");
  const [amountError, setAmountError] = useState<string>();
  // Which of the two buttons submitted the form (Enter in the field means «Kort»).
  const chosen = useRef<DoorPaymentMethod>("card");

  function pay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const method = chosen.current;
    const kroner = Number(amount.trim().replace(/\s|kr/g, "").replace(",", "."));
    if (!Number.isInteger(kroner) || kroner < 1 || kroner > 100_000) return setAmountError(checkInMessages.badAmount);
    if (kroner > outstanding) return setAmountError(checkInMessages.moreThanOutstanding(outstanding));
    setAmountError(undefined);
    onPay(kroner, method);
  }

  return (
    <form className="checkin-pay" onSubmit={pay} noValidate>
      <label htmlFor={`${id}-amount`}>Beløp (kr)</label>
      <div className="checkin-row">
        <input
          id={`${id}-amount`}
          inputMode="numeric"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          aria-invalid={amountError ? true : undefined}
          aria-describedby={amountError ? `${id}-amount-error` : undefined}
        />
        <button type="submit" className="button" onClick={() => (chosen.current = "card")}>
          Kort<span className="visually-hidden"> – betalt for {name}</span>
        </button>
        <button type="submit" className="button" onClick={() => (chosen.current = "cash")}>
          Kontant<span className="visually-hidden"> – betalt for {name}</span>
        </button>
      </div>
      {amountError && (
        <p id={`${id}-amount-error`} className="form-error">
          {amountError}
        </p>
      )}
    </form>
  );
}
