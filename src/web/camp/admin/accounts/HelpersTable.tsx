// The camp's accounts as a table, each (but the server's and one's own) with «Nytt passord» and «Fjern».
import type { CampAccount } from "../../../../shared/admin/camp-accounts.ts";
import { campRoleLabels } from "../../../../shared/admin/camp-accounts.ts";
import { osloDateTimeLabel } from "../../../../shared/format.ts";
import { ConfirmAction } from "../../../components/ConfirmAction.tsx";
import type { Helpers } from "./use-helpers.ts";

/** A row's actions; none for an account set up on the server or for the leader's own. */
function HelperActions({ account, me, helpers }: { account: CampAccount; me: string; helpers: Helpers }) {
  const { busy, confirmation, remove, startReset } = helpers;
  if (account.configured || account.username === me) return null;
  if (confirmation.isOpen(account.username))
    return (
      <ConfirmAction
        confirmLabel="Ja, fjern"
        busyLabel="Fjerner..."
        cancelLabel="Nei"
        busy={busy}
        onConfirm={() => remove(account)}
        onCancel={confirmation.cancel}
      >
        Fjerne {account.name}?
      </ConfirmAction>
    );
  return (
    <>
      <button type="button" className="button secondary" onClick={() => startReset(account)}>
        Nytt passord<span className="visually-hidden"> for {account.name}</span>
      </button>{" "}
      <button
        type="button"
        className="button secondary"
        ref={confirmation.trigger(account.username)}
        onClick={() => confirmation.ask(account.username)}
      >
        Fjern<span className="visually-hidden"> {account.name}</span>
      </button>
    </>
  );
}

export function HelpersTable({ accounts, me, helpers }: { accounts: CampAccount[]; me: string; helpers: Helpers }) {
  return (
    <div className="admin-table-scroll">
      <table className="admin-table">
        <caption className="visually-hidden">Kontoer for vinterleiren</caption>
        <thead>
          <tr>
            <th scope="col">Navn</th>
            <th scope="col">Brukernavn</th>
            <th scope="col">Rolle</th>
            <th scope="col">Sist endret</th>
            <th scope="col">
              <span className="visually-hidden">Handlinger</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {accounts.map((account) => (
            <tr key={account.username}>
              <td data-label="Navn">{account.name}</td>
              <td data-label="Brukernavn">{account.username}</td>
              <td data-label="Rolle">{campRoleLabels[account.role]}</td>
              <td data-label="Sist endret">
                {account.updatedAt ? `${osloDateTimeLabel(account.updatedAt)} (${account.updatedBy})` : "Satt opp på serveren"}
              </td>
              <td className="helper-actions" data-label="Endre">
                <HelperActions account={account} me={me} helpers={helpers} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
