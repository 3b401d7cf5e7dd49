import { useId, useRef, useState, type FormEvent } from "react";
import { checkInMessages, type CheckInActionKind, type DoorPaymentMethod } from "../../../shared/camp/camp-checkin.ts";
import { formatKroner } from "../../../shared/format.ts";
import { paymentMethodLabel } from "../../../shared/camp/camp-state-labels.ts";
import { DoorCard, DoorPersonRow } from "../../components/door/DoorCard.tsx";
import type { HitView } from "./pending-view.ts";

/** One registration at the door (the doors' one card): the athlete and companions, the money, and the buttons that act. */
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
  const athlete = view.persons[0]!;
  const cancelled = view.status === "cancelled";

  return (
    <DoorCard
      heading={athlete.name}
      subline={`${view.club} · ${view.orderId}`}
      warnings={[
        cancelled ? "Påmeldingen er avbestilt." : undefined,
        view.status === "pending_payment" ? "Betalingen med Vipps ble ikke fullført." : undefined,
      ]}
      inactive={cancelled}
      money={{ charged: view.amount, paid: view.paid, outstanding: view.outstanding }}
    >
      <ul className="checkin-persons">
        {view.persons.map((person) => {
          const here = day !== undefined && person.checkedIn.includes(day);
          return (
            <DoorPersonRow
              key={person.personId}
              name={person.name}
              nameTag={person.isLedsager && <span className="checkin-tag">Ledsager</span>}
              tags={
                <>
                  {person.grade && <span>{person.grade}</span>}
                  {person.gradering && <span className="checkin-tag">Gradering</span>}
                  {person.sleepover && <span className="checkin-tag">Overnatter</span>}
                  {person.vegan && <span className="checkin-tag">Vegansk</span>}
                  {person.allergy && <span className="checkin-tag allergy">Allergi – se kjøkkenlisten</span>}
                </>
              }
              here={here}
              done=""
              // What waits is the person's, on whichever day: said only beside the day's check-in.
              waiting={here && view.waitingPersons.has(person.personId)}
              canCheckIn={!cancelled}
              onCheckIn={() => onAct("checkin", person.personId, `Sjekket inn ${person.name}`)}
              onUndo={cancelled ? undefined : () => onAct("undo-checkin", person.personId, `Angret innsjekking av ${person.name}`)}
            />
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
    </DoorCard>
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
