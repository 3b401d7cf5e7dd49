// What a leader or helper does to one registration (mark paid, cancel, forget), with its busy state and outcome.
import { useState } from "react";
import type { ActionOutcome } from "../../components/admin/ActionResult.tsx";
import { useConfirmation } from "../../components/ConfirmAction.tsx";
import { ApiError } from "../../lib/api-client.ts";
import type { AdminPerson } from "../../../shared/camp/camp-lists.ts";
import { cancelCampRegistration, forgetCampRegistration, markCampRegistrationPaid } from "./camp-admin-api.ts";

export type RegistrationAction = "markCard" | "markCash" | "cancel" | "forget";

export function useRegistrationActions({
  person,
  token,
  onChanged,
  onUnauthorised,
}: {
  person: AdminPerson | undefined;
  token: string;
  onChanged: () => Promise<void>;
  onUnauthorised: () => void;
}) {
  const confirmation = useConfirmation<"cancel" | "forget">();
  const [busy, setBusy] = useState<RegistrationAction>();
  const [result, setResult] = useState<ActionOutcome>();

  async function run(action: RegistrationAction) {
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

  return { confirmation, busy, result, run };
}

export type RegistrationActions = ReturnType<typeof useRegistrationActions>;
