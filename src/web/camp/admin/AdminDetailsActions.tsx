// The two groups of things an admin may do to one registration: change it (paid, cancelled) and its personal data.
import type { AdminPerson } from "../../../shared/camp/camp-lists.ts";
import { osloDateTimeLabel } from "../../../shared/format.ts";
import { ConfirmAction } from "../../components/ConfirmAction.tsx";
import { fullName } from "./admin-format.ts";
import { campPersonExportUrl } from "./camp-admin-api.ts";
import type { RegistrationActions } from "./use-registration-actions.ts";

/** «Endre påmeldingen»: mark as paid by card or cash, and cancel after a confirmation. */
export function ChangeRegistration({
  person,
  actions: { busy, run, confirmation },
  canMarkPaid,
  canCancel,
}: {
  person: AdminPerson;
  actions: RegistrationActions;
  canMarkPaid: boolean;
  canCancel: boolean;
}) {
  if (!canMarkPaid && !canCancel) return null;
  return (
    <>
      <h3>Endre påmeldingen</h3>
      <div className="button-row">
        {canMarkPaid &&
          (["markCard", "markCash"] as const).map((action) => (
            <button key={action} type="button" className="button" onClick={() => run(action)} aria-disabled={busy !== undefined || undefined}>
              {busy === action ? "Lagrer..." : `Betalt med ${action === "markCard" ? "kort" : "kontant"}`}
            </button>
          ))}
        {canCancel && !confirmation.isOpen("cancel") && (
          <button type="button" className="button secondary" ref={confirmation.trigger("cancel")} onClick={() => confirmation.ask("cancel")}>
            Avmeld
          </button>
        )}
      </div>
      {canCancel && confirmation.isOpen("cancel") && (
        <ConfirmAction
          confirmLabel="Ja, meld av"
          busyLabel="Melder av..."
          cancelLabel="Nei"
          busy={busy !== undefined}
          onConfirm={() => run("cancel")}
          onCancel={confirmation.cancel}
        >
          Vil du melde {fullName(person)} av vinterleiren?
        </ConfirmAction>
      )}
    </>
  );
}

/** «Personvern» (leder only): download everything stored, or anonymise the registration after a confirmation. */
export function PrivacyActions({
  person,
  token,
  isAthlete,
  actions: { busy, run, confirmation },
}: {
  person: AdminPerson;
  token: string;
  isAthlete: boolean;
  actions: RegistrationActions;
}) {
  return (
    <>
      <h3>Personvern</h3>
      {person.anonymisedAt ? (
        <p>Personopplysningene ble anonymisert {osloDateTimeLabel(person.anonymisedAt)}. Betalingene er beholdt for regnskapet.</p>
      ) : (
        <p>
          Ber personen om innsyn, kan du laste ned alt vi har lagret om påmeldingen, og om graderinger, kurs og bestillinger av klubbtøy med samme
          e-postadresse. Ber personen om sletting av leirpåmeldingen, anonymiseres navn, kontaktinformasjon, allergier og annen informasjon
          {isAthlete ? " (også for ledsagerne)" : ""}; betalingene beholdes i fem år etter regnskapsloven. Graderinger, kurs og bestillinger slettes
          hver for seg, fra deltakerlisten i «Arrangementer».
        </p>
      )}
      <div className="button-row">
        <a className="button secondary" href={campPersonExportUrl(person.registrationId, token)} download>
          Last ned personopplysninger
        </a>
        {isAthlete && !person.anonymisedAt && !confirmation.isOpen("forget") && (
          <button type="button" className="button secondary" ref={confirmation.trigger("forget")} onClick={() => confirmation.ask("forget")}>
            Slett personopplysninger
          </button>
        )}
      </div>
      {isAthlete && !person.anonymisedAt && confirmation.isOpen("forget") && (
        <ConfirmAction
          confirmLabel="Ja, slett"
          busyLabel="Sletter..."
          cancelLabel="Nei"
          busy={busy !== undefined}
          onConfirm={() => run("forget")}
          onCancel={confirmation.cancel}
        >
          Vil du slette personopplysningene til {fullName(person)} for godt? Dette kan ikke angres.
        </ConfirmAction>
      )}
    </>
  );
}
