import { useId } from "react";
import type { AdminSession } from "../../../components/admin/AdminShell.tsx";
import { HelperForm } from "./HelperForm.tsx";
import { HelpersTable } from "./HelpersTable.tsx";
import { useHelpers } from "./use-helpers.ts";

/**
 * "Hjelpere" (leder only): the camp's accounts, adding a helper (name, username, password, role), resetting a
 * helper's password and removing one after a confirmation. The password rule is checked here first (the
 * message at the field), and again by the server, which gets the new password once and keeps only a hash.
 */
export function HelpersArea({ session, me }: { session: AdminSession; me: string }) {
  const id = useId();
  const helpers = useHelpers(session);
  const { accounts, result } = helpers;

  if (!accounts)
    return (
      <p className="loading" role="status">
        Laster inn hjelperne...
      </p>
    );

  return (
    <section aria-labelledby={`${id}-heading`} className="camp-helpers">
      <h2 id={`${id}-heading`}>Hjelpere</h2>
      <p>
        Hjelpere med rollen <strong>innsjekk</strong> kan sjekke inn og registrere betaling ved oppmøte. De ser at noen har allergier, men ikke hva.
        En <strong>leder</strong> kan alt.
      </p>
      <div role="status" className="action-result ok">
        {result ?? ""}
      </div>
      <HelpersTable accounts={accounts} me={me} helpers={helpers} />
      <HelperForm id={id} helpers={helpers} />
    </section>
  );
}
