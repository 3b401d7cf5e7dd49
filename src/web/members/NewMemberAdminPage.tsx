import { WriteToInterested } from "./WriteToInterested.tsx";
import { useEffect, useId, useRef, useState } from "react";
import { adminApiNames } from "../../shared/admin/admin-api.ts";
import type { Route } from "./+types/NewMemberAdminPage";
import { club } from "../../shared/club/club-facts.ts";
import { needsGuardian, refererLabels, type RefererValue } from "../../shared/members/new-member.ts";
import { newMemberCsvFileName, type NewMemberAdminEntry } from "../../shared/members/new-member-admin.ts";
import {
  AdminLoading,
  AdminShell,
  expiredMessage,
  isUnauthorised,
  SignOutButton,
  useAdminData,
  type AdminSession,
} from "../components/admin/AdminShell.tsx";
import { sha256Hex } from "../components/admin/sha256.ts";
import { ConfirmAction, useConfirmation } from "../components/ConfirmAction.tsx";
import { useFocusReturn } from "../lib/use-focus-return.ts";
import { getNewMemberAdminToken, getNewMembers, newMembersCsvUrl, removeNewMember } from "./member-api.ts";
import { osloDateTimeLabel } from "../../shared/format.ts";
import { newMemberAdminToken } from "./new-member-admin-token.ts";
import "../components/admin/admin.css";
import "./new-member.css";

export function meta(_: Route.MetaArgs) {
  const title = `Nye medlemmer – ${club.name}`;
  return [
    { title },
    { name: "description", content: `Interessemeldinger fra nye medlemmer, for styret i ${club.name}.` },
    { name: "robots", content: "noindex" },
    { property: "og:title", content: title },
    { property: "og:locale", content: "nb_NO" },
  ];
}

const failedMessage = "Klarte ikke hente listen, så du er logget ut. Logg inn på nytt for å prøve igjen.";

const fullName = (entry: NewMemberAdminEntry) => `${entry.firstName} ${entry.lastName}`.trim();
const guardianName = (entry: NewMemberAdminEntry) => (needsGuardian(entry.age) ? `${entry.parentFirstName} ${entry.parentLastName}`.trim() : "");
const refererLabel = (value: number) => refererLabels[value as RefererValue] ?? String(value);

/** The new-member admin (docs/requirements.md §2 "Admin screens", §4 "Admin", D7): password login, list, details, delete, CSV. */
export function NewMemberAdmin({ hash = sha256Hex }: { hash?: (password: string) => Promise<string> }) {
  return (
    <AdminShell
      className="page page-wide admin-area new-member-admin"
      title="Nye medlemmer"
      apiName={adminApiNames.newmember}
      cookie={newMemberAdminToken}
      hash={hash}
      login={getNewMemberAdminToken}
      wrongMessage="Feil passord."
      intro="Listen over dem som har meldt interesse, er bare for styret og trenerne. Logg inn for å se den."
    >
      {(session) => <MemberList session={session} />}
    </AdminShell>
  );
}

function MemberList({ session }: { session: AdminSession }) {
  const { token, signOut } = session;
  const id = useId();
  const { data: entries, load } = useAdminData(session, getNewMembers, failedMessage);
  const [selected, setSelected] = useState<number>();
  const confirmation = useConfirmation<number>();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string>();
  const rows = useFocusReturn<number>();

  async function remove(entry: NewMemberAdminEntry) {
    if (busy) return;
    setBusy(true);
    setNotice(undefined);
    let removed = false;
    try {
      removed = await removeNewMember(entry.registrationId, token);
    } catch (error) {
      if (isUnauthorised(error)) return signOut(expiredMessage);
      console.error("Sletting feilet", error);
    }
    if (!removed) {
      // docs/requirements.md §8 only logs a failed delete; a short note tells the admin why the row is still there.
      console.error(`Registrering ${entry.registrationId} ble ikke slettet.`);
      setNotice(`Klarte ikke slette ${fullName(entry)}. Oppdater listen og prøv igjen.`);
    } else {
      setNotice(`${fullName(entry)} er slettet.`);
    }
    confirmation.close();
    setSelected(undefined);
    await load();
    setBusy(false);
  }

  const toolbar = (
    <div className="admin-toolbar button-row">
      {entries && entries.length > 0 && (
        <a className="button secondary" href={newMembersCsvUrl(token)} download={newMemberCsvFileName}>
          Last ned CSV (for Excel)
        </a>
      )}
      <button type="button" className="button secondary" onClick={() => void load()}>
        Oppdater
      </button>
      <SignOutButton session={session} className="button secondary" />
    </div>
  );

  if (!entries) return <AdminLoading text="Laster inn listen...">{toolbar}</AdminLoading>;

  const chosen = selected === undefined ? undefined : entries.find((entry) => entry.registrationId === selected);
  if (chosen) {
    return (
      <>
        {toolbar}
        <MemberDetails
          entry={chosen}
          onBack={() => {
            rows.returnTo(chosen.registrationId);
            setSelected(undefined);
          }}
        />
      </>
    );
  }

  return (
    <>
      {toolbar}
      <section aria-labelledby={`${id}-list`}>
        <h2 id={`${id}-list`}>Har meldt interesse</h2>
        <p className="notice-line" role="status">
          {notice}
        </p>
        {entries.length === 0 ? (
          <p>Ingen har meldt interesse ennå.</p>
        ) : (
          <>
            <p className="result-count">
              {entries.length === 1 ? "Én registrering" : `${entries.length} registreringer`}, nyeste først. Velg et navn for å se alt.
            </p>
            <table className="data admin-table member-table">
              <caption className="visually-hidden">Registreringer fra nye medlemmer</caption>
              <thead>
                <tr>
                  <th scope="col">Navn</th>
                  <th scope="col">Registrert</th>
                  <th scope="col">Alder</th>
                  <th scope="col">Kontakt</th>
                  <th scope="col">Foresatt</th>
                  <th scope="col">Kom via</th>
                  <th scope="col">
                    <span className="visually-hidden">Handlinger</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.registrationId}>
                    <th scope="row">
                      <button
                        type="button"
                        className="row-open"
                        ref={rows.register(entry.registrationId)}
                        onClick={() => setSelected(entry.registrationId)}
                      >
                        {fullName(entry)}
                      </button>
                    </th>
                    <td data-label="Registrert">{osloDateTimeLabel(entry.registrationdate)}</td>
                    <td data-label="Alder">{entry.age} år</td>
                    <td data-label="Kontakt">
                      <span className="contact-line">{entry.email}</span> <span className="contact-line">{entry.telephone}</span>
                    </td>
                    <td data-label="Foresatt">{guardianName(entry)}</td>
                    <td data-label="Kom via">{refererLabel(entry.referer)}</td>
                    <td className="member-actions">
                      {confirmation.isOpen(entry.registrationId) ? (
                        <ConfirmAction
                          label={`Slette ${fullName(entry)}?`}
                          confirmLabel="Ja, slett"
                          busyLabel="Sletter..."
                          cancelLabel="Nei"
                          small
                          busy={busy}
                          onConfirm={() => remove(entry)}
                          onCancel={confirmation.cancel}
                        >
                          Slette {fullName(entry)} for godt?
                        </ConfirmAction>
                      ) : (
                        <div className="member-action-buttons">
                          <a className="button secondary small" href={mailLink(entry)}>
                            Send e-post<span className="visually-hidden"> til {contactName(entry)}</span>
                          </a>
                          <button
                            type="button"
                            className="button secondary small"
                            ref={confirmation.trigger(entry.registrationId)}
                            onClick={() => confirmation.ask(entry.registrationId)}
                          >
                            Slett<span className="visually-hidden"> {fullName(entry)}</span>
                          </button>
                        </div>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </section>
      {entries.length > 0 && <WriteToInterested session={session} entries={entries} />}
    </>
  );
}

function contactName(entry: NewMemberAdminEntry): string {
  return guardianName(entry) || fullName(entry);
}

/** A mail to the contact (the guardian for a child) about the trial lesson. */
function mailLink(entry: NewMemberAdminEntry): string {
  const subject = `Prøvetime i ${club.name}`;
  const body = `Hei ${needsGuardian(entry.age) ? entry.parentFirstName : entry.firstName}!\n\n`;
  return `mailto:${entry.email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

function MemberDetails({ entry, onBack }: { entry: NewMemberAdminEntry; onBack: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const rows: [string, string][] = [
    ["Registrert", osloDateTimeLabel(entry.registrationdate)],
    ["Fornavn", entry.firstName],
    ["Etternavn", entry.lastName],
    ["Alder", `${entry.age} år`],
    ["Foresatt", guardianName(entry) || "Ingen (voksen, er selv kontakt)"],
    ["E-post", entry.email],
    ["Telefon", entry.telephone],
    ["Kom via", refererLabel(entry.referer)],
    ["Registrerings-id", String(entry.registrationId)],
  ];
  return (
    <section className="admin-details">
      <div className="button-row">
        <button type="button" className="button secondary" onClick={onBack}>
          Tilbake til listen
        </button>
      </div>
      <h2 ref={heading} tabIndex={-1}>
        {fullName(entry)}
      </h2>
      <dl className="details-list">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="button-row">
        <a className="button" href={mailLink(entry)}>
          Send e-post til {contactName(entry)}
        </a>
        <a className="button secondary" href={`tel:${entry.telephone}`}>
          Ring {entry.telephone}
        </a>
      </div>
    </section>
  );
}

export default function NewMemberAdminPage() {
  return <NewMemberAdmin />;
}
