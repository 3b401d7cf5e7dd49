import { useState } from "react";
import type { AdminParticipant } from "../../shared/events/event-api.ts";
import type { AdminSession } from "../components/admin/AdminShell.tsx";
import { ConfirmAction, useConfirmation } from "../components/ConfirmAction.tsx";
import { ApiError } from "../lib/api-client.ts";
import { eventPersonExportPath, forgetEventOrder } from "./event-privacy-api.ts";

/**
 * An order's personal data in the event admin's list, for a family that asks: everything held under its
 * address as a file (access), and its personal data blanked now (deletion), asked first. The money stays.
 */
export function OrderPrivacy({
  row,
  session,
  onForgotten,
}: {
  /** The order's first row in the list. */
  row: AdminParticipant;
  session: AdminSession;
  /** Reads the outcome out and loads the list again. */
  onForgotten: (message: string) => Promise<void>;
}) {
  const confirmation = useConfirmation<"forget">();
  const [error, setError] = useState<string>();
  const forget = async () => {
    setError(undefined);
    try {
      await forgetEventOrder(row.orderId, session.token);
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 401) {
        session.signOut(caught.message);
        return;
      }
      // A payment under way or a place in line (409) is the server's own sentence; anything else, ours.
      setError(
        caught instanceof ApiError && caught.status === 409 ? caught.message : "Vi fikk ikke slettet personopplysningene. Prøv igjen om litt.",
      );
      return;
    }
    confirmation.close();
    await onForgotten(`Personopplysningene i ordre ${row.orderId} er slettet. Beløpene og betalingene er beholdt for regnskapet.`);
  };
  return (
    <div className="no-print">
      <div className="button-row">
        <a
          className="button secondary small"
          href={eventPersonExportPath(row.orderId, session.token)}
          download
          aria-label={`Last ned personopplysninger for ordre ${row.orderId}`}
        >
          Last ned personopplysninger
        </a>
        {!row.anonymised && !confirmation.isOpen("forget") && (
          <button
            type="button"
            className="button secondary small"
            ref={confirmation.trigger("forget")}
            onClick={() => confirmation.ask("forget")}
            aria-label={`Slett personopplysninger i ordre ${row.orderId}`}
          >
            Slett personopplysninger
          </button>
        )}
      </div>
      {row.anonymised && <p>Personopplysningene er slettet.</p>}
      {!row.anonymised && confirmation.isOpen("forget") && (
        <ConfirmAction
          small
          label={`Bekreft sletting av personopplysninger i ordre ${row.orderId}`}
          confirmLabel="Ja, slett"
          busyLabel="Sletter …"
          cancelLabel="Nei"
          error={error}
          onConfirm={forget}
          onCancel={() => {
            setError(undefined);
            confirmation.cancel();
          }}
        >
          Slette personopplysningene i ordre {row.orderId} ({row.contactName}) for godt? Navn, e-post, telefon, alder og svar blir borte, og familien
          får ingen flere e-poster om ordren. Ordren står ellers som før, uten navn; beløpene og betalingene beholdes for regnskapet. Dette kan ikke
          angres.
        </ConfirmAction>
      )}
    </div>
  );
}
