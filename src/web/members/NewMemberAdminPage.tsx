import { WriteToInterested } from "./WriteToInterested.tsx";
import { useEffect, useId, useRef, useState } from "react";
import { adminApiNames } from "../../shared/admin/admin-api.ts";
import type { Route } from "./+types/NewMemberAdminPage";
import { club } from "../../shared/club/club-facts.ts";
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
import { useConfirmation } from "../components/ConfirmAction.tsx";
import { useFocusReturn } from "../lib/use-focus-return.ts";
import { getNewMemberAdminToken, getNewMembers, newMembersCsvUrl, removeNewMember } from "./member-api.ts";
import { osloDateTimeLabel } from "../../shared/format.ts";
import { MemberTable } from "./NewMemberTable.tsx";
import { contactName, fullName, guardianName, mailLink, refererLabel } from "./new-member-admin-labels.ts";
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

  const toolbar = <MemberToolbar session={session} hasEntries={!!entries && entries.length > 0} onRefresh={() => void load()} />;

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
            <MemberTable entries={entries} rows={rows} confirmation={confirmation} busy={busy} onOpen={setSelected} onRemove={remove} />
          </>
        )}
      </section>
      {entries.length > 0 && <WriteToInterested session={session} entries={entries} />}
    </>
  );
}

/** Above the list and the details: the CSV (when there is anyone), a fresh read, and signing out. */
function MemberToolbar({ session, hasEntries, onRefresh }: { session: AdminSession; hasEntries: boolean; onRefresh: () => void }) {
  return (
    <div className="admin-toolbar button-row">
      {hasEntries && (
        <a className="button secondary" href={newMembersCsvUrl(session.token)} download={newMemberCsvFileName}>
          Last ned CSV (for Excel)
        </a>
      )}
      <button type="button" className="button secondary" onClick={onRefresh}>
        Oppdater
      </button>
      <SignOutButton session={session} className="button secondary" />
    </div>
  );
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
