import type { CampRole } from "../../../shared/admin/camp-accounts.ts";
import { useEffect, useId, useRef } from "react";
import { ActionResult } from "../../components/admin/ActionResult.tsx";
import type { AdminPerson } from "../../../shared/camp/camp-lists.ts";
import { LedgerHistory } from "./LedgerHistory.tsx";
import { CorrectionForm } from "./CorrectionForm.tsx";
import { LeaderCompanions } from "./LeaderCompanions.tsx";
import { VippsPayments } from "./VippsPayments.tsx";
import { RegistrationChanges } from "./RegistrationChanges.tsx";
import { AdminDetailsFields } from "./AdminDetailsFields.tsx";
import { ChangeRegistration, PrivacyActions } from "./AdminDetailsActions.tsx";
import { fullName, companionOf } from "./admin-format.ts";
import { useRegistrationActions } from "./use-registration-actions.ts";

/**
 * What «Historikk» is read again on: the registration's status and money, the companions' included. The
 * athlete's row alone does not move when a companion is added, paid or removed (a companion removed with
 * all of it paid back leaves the athlete's amount, paid and payment state as they were).
 */
function ledgerChanges(person: AdminPerson, companions: readonly AdminPerson[]): string {
  const own = `${person.paymentState}|${person.status}|${person.anonymisedAt}|${person.paid}|${person.amount}`;
  return [own, ...companions.map((companion) => `${companion.companionId}:${companion.paid}:${companion.amount}`)].join("|");
}

/** Every field of one registration, with the two things an admin may do to it. */
export function AdminDetails({
  person,
  token,
  onBack,
  onChanged,
  onUnauthorised,
  role = "leder",
  companions = [],
}: {
  /** Undefined when the registration has gone from the list after a refresh. */
  person: AdminPerson | undefined;
  /** The companions still coming on the athlete's registration (the leader may remove them). */
  companions?: AdminPerson[];
  token: string;
  onBack: () => void;
  /** Reloads the list; resolves when the fresh data is shown. */
  onChanged: () => Promise<void>;
  onUnauthorised: () => void;
  /** An `innsjekk` account: no allergy texts (flags only), no cancel, refund or personal-data actions. */
  role?: CampRole;
}) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const actions = useRegistrationActions({ person, token, onChanged, onUnauthorised });

  useEffect(() => heading.current?.focus(), []);

  const back = (
    <div className="button-row">
      <button type="button" className="button secondary" onClick={onBack}>
        Tilbake
      </button>
    </div>
  );

  if (!person) {
    return (
      <section aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`} ref={heading} tabIndex={-1}>
          Fant ikke påmeldingen
        </h2>
        <p>Påmeldingen finnes ikke lenger i listen.</p>
        {back}
      </section>
    );
  }

  const isAthlete = !person.isLedsager;
  const canMarkPaid = isAthlete && person.paymentMethod === "card_cash" && person.paymentState !== "paid" && person.status !== "cancelled";
  const leder = role === "leder";
  const canCancel = leder && isAthlete && person.status !== "cancelled";

  return (
    <section aria-labelledby={`${id}-heading`} className="admin-details">
      {back}
      <h2 id={`${id}-heading`} ref={heading} tabIndex={-1}>
        {fullName(person)}
        {person.isLedsager && <span className="tag">Ledsager</span>}
      </h2>
      <AdminDetailsFields person={person} leder={leder} />

      {person.isLedsager && (
        <p className="notice">Betaling og avmelding for en ledsager gjøres på påmeldingen til {companionOf(person) || "utøveren"}.</p>
      )}

      <ChangeRegistration person={person} actions={actions} canMarkPaid={canMarkPaid} canCancel={canCancel} />
      {leder && <PrivacyActions person={person} token={token} isAthlete={isAthlete} actions={actions} />}
      <ActionResult result={actions.result} />
      {leder && isAthlete && person.status === "confirmed" && !person.anonymisedAt && (
        <>
          <CorrectionForm person={person} token={token} onChanged={onChanged} onUnauthorised={onUnauthorised} />
          <LeaderCompanions person={person} companions={companions} token={token} onChanged={onChanged} onUnauthorised={onUnauthorised} />
        </>
      )}
      {leder && person.vipps && <VippsPayments registrationId={person.registrationId} token={token} onUnauthorised={onUnauthorised} />}
      <LedgerHistory
        registrationId={person.registrationId}
        token={token}
        changes={ledgerChanges(person, companions)}
        onUnauthorised={onUnauthorised}
      />
      <RegistrationChanges registrationId={person.registrationId} token={token} onUnauthorised={onUnauthorised} />
      {back}
    </section>
  );
}
