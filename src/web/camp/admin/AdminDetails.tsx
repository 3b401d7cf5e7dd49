import type { CampRole } from "../../../shared/admin/camp-accounts.ts";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { ActionResult, type ActionOutcome } from "../../components/admin/ActionResult.tsx";
import { ConfirmAction, useConfirmation } from "../../components/ConfirmAction.tsx";
import { ApiError } from "../../lib/api-client.ts";
import { campPersonExportUrl, cancelCampRegistration, forgetCampRegistration, markCampRegistrationPaid } from "./camp-admin-api.ts";
import type { AdminPerson } from "../../../shared/camp/camp-lists.ts";
import { LedgerHistory } from "./LedgerHistory.tsx";
import { CorrectionForm } from "./CorrectionForm.tsx";
import { LeaderCompanions } from "./LeaderCompanions.tsx";
import { VippsPayments } from "./VippsPayments.tsx";
import { RegistrationChanges } from "./RegistrationChanges.tsx";
import {
  amountLabel,
  fullName,
  instructorLabel,
  companionOf,
  paymentLabel,
  paymentMethodLabel,
  paymentStateLabel,
  publicLabel,
  statusLabel,
  yesNo,
} from "./admin-format.ts";
import { osloDateTimeLabel } from "../../../shared/format.ts";
import { ledgerFigureLabels } from "../../../shared/camp/camp-ledger-labels.ts";

type Action = "markCard" | "markCash" | "cancel" | "forget";

/** What an `innsjekk` account sees instead of a text it may not read. */
function hiddenText(present: boolean | undefined): string {
  return present ? "Ja – bare ledere ser hva som står." : "Ingen oppgitt.";
}

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
  const confirmation = useConfirmation<"cancel" | "forget">();
  const [busy, setBusy] = useState<Action>();
  const [result, setResult] = useState<ActionOutcome>();

  useEffect(() => heading.current?.focus(), []);

  async function run(action: Action) {
    if (!person || busy) return;
    setBusy(action);
    setResult(undefined);
    try {
      if (action === "markCard" || action === "markCash")
        await markCampRegistrationPaid(person.registrationId, action === "markCard" ? "card" : "cash", token);
      else if (action === "forget") await forgetCampRegistration(person.registrationId, token);
      else await cancelCampRegistration(person.registrationId, token);
    } catch (error) {
      setBusy(undefined);
      if (error instanceof ApiError && error.status === 401) {
        onUnauthorised();
        return;
      }
      const what =
        action === "markCard" || action === "markCash"
          ? "markere påmeldingen som betalt"
          : action === "forget"
            ? "slette personopplysningene"
            : "melde av deltakeren";
      setResult({ ok: false, text: `Klarte ikke å ${what}. ${error instanceof Error ? error.message : ""}`.trim() });
      return;
    }
    confirmation.close();
    await onChanged();
    setBusy(undefined);
    setResult({
      ok: true,
      text:
        action === "markCard" || action === "markCash"
          ? `Påmeldingen er markert som betalt med ${action === "markCard" ? "kort" : "kontant"}.`
          : action === "forget"
            ? "Personopplysningene er slettet. Betalingene er beholdt for regnskapet."
            : "Deltakeren er meldt av.",
    });
  }

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
  const rows: [string, ReactNode][] = [
    ["Fornavn", person.firstname],
    ["Etternavn", person.lastname],
    ["Alder", person.age ?? ""],
    ["Klubb", person.club],
    ["Grad", person.grade],
    ["E-post", person.email ? <a href={`mailto:${person.email}`}>{person.email}</a> : ""],
    ["Telefon", person.telephone ? <a href={`tel:${person.telephone.replace(/\s+/g, "")}`}>{person.telephone}</a> : ""],
    ["Ledsager", yesNo(person.isLedsager)],
    ["Ledsager for", companionOf(person)],
    ["Gradering", yesNo(person.gradering)],
    ["Overnatting", yesNo(person.sleepover)],
    ["Vegansk mat", yesNo(person.vegan)],
    ["Instruktør", instructorLabel(person.instructor)],
    ["Vil instruere", yesNo(person.wantstoinstruct)],
    ["Vises på deltakerlisten", publicLabel(person.public)],
    ["Status", statusLabel(person.status)],
    [ledgerFigureLabels.charged, amountLabel(person.amount)],
    [ledgerFigureLabels.paid, amountLabel(person.paid)],
    [ledgerFigureLabels.refunded, amountLabel(person.refunded)],
    [ledgerFigureLabels.refundOwed, amountLabel(person.refundOwed)],
    [ledgerFigureLabels.outstanding, amountLabel(person.outstanding)],
    ["Betaling", paymentLabel(person)],
    ["Betalingsmåte", paymentMethodLabel(person)],
    ["Betalingsstatus", paymentStateLabel(person.paymentState)],
    ["Ordrenummer", person.orderid],
    ["Gruppe", person.group ?? null],
    ...(person.paymentMethod === "vipps" ? [["Vipps-transaksjon", person.transactionid] as [string, ReactNode]] : []),
    ["Påmeldingsnummer", String(person.registrationId)],
    ["Registrert", osloDateTimeLabel(person.createdAt)],
  ];

  return (
    <section aria-labelledby={`${id}-heading`} className="admin-details">
      {back}
      <h2 id={`${id}-heading`} ref={heading} tabIndex={-1}>
        {fullName(person)}
        {person.isLedsager && <span className="tag">Ledsager</span>}
      </h2>
      <dl className="details-list">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value === "" || value == null ? <span className="muted">–</span> : value}</dd>
          </div>
        ))}
      </dl>
      <h3>Allergier</h3>
      <p className="long-text">{leder ? person.allergies?.trim() || "Ingen oppgitt." : hiddenText(person.hasAllergies)}</p>
      <h3>Annen informasjon</h3>
      <p className="long-text">{leder ? person.otherinfo?.trim() || "Ingen oppgitt." : hiddenText(person.hasOtherInfo)}</p>

      {person.isLedsager && (
        <p className="notice">Betaling og avmelding for en ledsager gjøres på påmeldingen til {companionOf(person) || "utøveren"}.</p>
      )}

      {(canMarkPaid || canCancel) && (
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
      )}
      {leder && <h3>Personvern</h3>}
      {!leder ? null : person.anonymisedAt ? (
        <p>Personopplysningene ble anonymisert {osloDateTimeLabel(person.anonymisedAt)}. Betalingene er beholdt for regnskapet.</p>
      ) : (
        <p>
          Ber personen om innsyn, kan du laste ned alt vi har lagret om påmeldingen, og om graderinger, kurs og bestillinger av klubbtøy med samme
          e-postadresse. Ber personen om sletting av leirpåmeldingen, anonymiseres navn, kontaktinformasjon, allergier og annen informasjon
          {isAthlete ? " (også for ledsagerne)" : ""}; betalingene beholdes i fem år etter regnskapsloven. Graderinger, kurs og bestillinger slettes
          hver for seg, fra deltakerlisten i «Arrangementer».
        </p>
      )}
      {leder && (
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
      )}
      {leder && isAthlete && !person.anonymisedAt && confirmation.isOpen("forget") && (
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
      <ActionResult result={result} />
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
