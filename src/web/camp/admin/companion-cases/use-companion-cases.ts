// The logic of «Ledsagersaker»: the open cases, deciding one, and the reason form for letting a companion come free.
import { useEffect, useRef, useState, type FormEvent } from "react";
import { CompanionCaseDecisionSchema, type CompanionCase } from "../../../../shared/camp/companion-cases.ts";
import { ledgerFigureLabels } from "../../../../shared/camp/camp-ledger-labels.ts";
import { formatKroner } from "../../../../shared/format.ts";
import { expiredMessage, isUnauthorised, useAdminData, type AdminSession } from "../../../components/admin/AdminShell.tsx";
import type { ActionOutcome } from "../../../components/admin/ActionResult.tsx";
import { useEditionFetcher } from "../admin-edition.tsx";
import { decideCompanionCase, getCompanionCases } from "./companion-cases-api.ts";

const failedMessage = "Klarte ikke hente ledsagersakene, så du er logget ut. Logg inn på nytt for å prøve igjen.";

export function useCompanionCases(session: AdminSession) {
  const { token, signOut } = session;
  const { data, load } = useAdminData(session, useEditionFetcher(getCompanionCases), failedMessage);
  const [busy, setBusy] = useState(false);
  const [freeing, setFreeing] = useState<number>();
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string>();
  const [result, setResult] = useState<ActionOutcome>();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [focusHeading, setFocusHeading] = useState(0);

  useEffect(() => {
    if (focusHeading > 0) headingRef.current?.focus();
  }, [focusHeading]);
  useEffect(() => {
    if (freeing !== undefined) reasonRef.current?.focus();
  }, [freeing]);

  async function decide(found: CompanionCase, body: { decision: "charge" } | { decision: "free"; reason: string }) {
    if (busy) return;
    setBusy(true);
    setResult(undefined);
    try {
      const outcome = await decideCompanionCase(found.id, body, token);
      setResult({
        ok: true,
        text:
          outcome.decision === "charge"
            ? `${found.companionName} betaler ${formatKroner(outcome.amount)} på ${found.orderId}, og familien har fått e-post. ${ledgerFigureLabels.outstanding}: ${formatKroner(outcome.outstanding)}.`
            : `${found.companionName} er med uten å betale. Begrunnelsen er lagret på ${found.orderId}.`,
      });
    } catch (error) {
      if (isUnauthorised(error)) return signOut(expiredMessage);
      // Another leader may have been first: the server's words say who, and the list shows what is left.
      setResult({ ok: false, text: error instanceof Error ? error.message : "Klarte ikke lagre avgjørelsen. Prøv igjen." });
    } finally {
      setBusy(false);
    }
    setFreeing(undefined);
    setReason("");
    await load();
    setFocusHeading((count) => count + 1);
  }

  function submitFree(event: FormEvent, found: CompanionCase) {
    event.preventDefault();
    const parsed = CompanionCaseDecisionSchema.safeParse({ decision: "free", reason });
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message);
      reasonRef.current?.focus();
      return;
    }
    setReasonError(undefined);
    void decide(found, { decision: "free", reason });
  }

  /** «Uten betaling»: the reason form opens empty in place of the buttons. */
  function startFreeing(found: CompanionCase) {
    if (busy) return;
    setReason("");
    setReasonError(undefined);
    setFreeing(found.id);
  }

  function cancelFreeing() {
    setFreeing(undefined);
    setReasonError(undefined);
  }

  return { data, busy, freeing, reason, setReason, reasonError, result, headingRef, reasonRef, decide, submitFree, startFreeing, cancelFreeing };
}

export type CompanionCases = ReturnType<typeof useCompanionCases>;
