import { useId } from "react";
import type { AdminSession } from "../../../components/admin/AdminShell.tsx";
import { ActionResult } from "../../../components/admin/ActionResult.tsx";
import { useAdminEditionYear } from "../admin-edition.tsx";
import { CompanionCaseItem } from "./CompanionCaseItem.tsx";
import { useCompanionCases } from "./use-companion-cases.ts";
import "./companion-cases.css";

/**
 * «Ledsagersaker»: companions listed «allerede påmeldt» (0 kr) whose paying registration, or paying companion, is
 * cancelled. Each case is decided once: charge the companion's fee on their own registration (the family is
 * mailed), or let them come free with a reason. The server decides and says so when another leader was first.
 */
export function CompanionCasesArea({ session }: { session: AdminSession }) {
  const id = useId();
  const cases = useCompanionCases(session);
  const { data, result, headingRef } = cases;
  const year = useAdminEditionYear();

  if (!data)
    return (
      <p className="loading" role="status">
        Laster inn ledsagersakene...
      </p>
    );
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1}>
        Ledsagersaker – vinterleiren {year}
      </h2>
      <p>
        Ledsagere som er oppgitt som allerede påmeldt, betaler ingenting på sin egen påmelding. Når påmeldingen som betalte for dem blir avbestilt, må
        du velge: ta betalt for ledsageren, eller la ledsageren være med uten å betale.
      </p>
      <ActionResult result={result} />
      {data.length === 0 ? (
        <p>Ingen saker venter.</p>
      ) : (
        <ul className="companion-cases" aria-labelledby={`${id}-heading`}>
          {data.map((found) => (
            <CompanionCaseItem key={found.id} id={id} found={found} cases={cases} />
          ))}
        </ul>
      )}
    </section>
  );
}
