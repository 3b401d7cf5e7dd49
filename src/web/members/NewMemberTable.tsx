import type { NewMemberAdminEntry } from "../../shared/members/new-member-admin.ts";
import { osloDateTimeLabel } from "../../shared/format.ts";
import { ConfirmAction, type useConfirmation } from "../components/ConfirmAction.tsx";
import type { useFocusReturn } from "../lib/use-focus-return.ts";
import { contactName, fullName, guardianName, mailLink, refererLabel } from "./new-member-admin-labels.ts";

/** What a row needs from the list: its focus return, the open confirmation, and the actions. */
interface RowActions {
  rows: ReturnType<typeof useFocusReturn<number>>;
  confirmation: ReturnType<typeof useConfirmation<number>>;
  /** A delete is running: the confirm button waits. */
  busy: boolean;
  onOpen: (registrationId: number) => void;
  onRemove: (entry: NewMemberAdminEntry) => Promise<unknown>;
}

/** The new-member admin's list: one row per registration, newest first. */
export function MemberTable({ entries, ...actions }: { entries: NewMemberAdminEntry[] } & RowActions) {
  return (
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
          <MemberRow key={entry.registrationId} entry={entry} {...actions} />
        ))}
      </tbody>
    </table>
  );
}

/** One registration: its name opens the details; mail and delete (after a confirmation) at the end. */
function MemberRow({ entry, rows, confirmation, busy, onOpen, onRemove }: { entry: NewMemberAdminEntry } & RowActions) {
  return (
    <tr>
      <th scope="row">
        <button type="button" className="row-open" ref={rows.register(entry.registrationId)} onClick={() => onOpen(entry.registrationId)}>
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
            onConfirm={() => onRemove(entry)}
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
  );
}
