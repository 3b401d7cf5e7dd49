import { parseProcessors, type PrivacyFacts } from "../../shared/site/privacy-facts.ts";
import type { Env } from "../env.ts";
import { retentionFromEnv } from "./retention-settings.ts";

/**
 * What /personvern states from the running configuration: the retention periods as the deletion job applies
 * them (retentionFromEnv) and the processors the club has set.
 */
export function privacyFactsFromEnv(env: Parameters<typeof retentionFromEnv>[0] & Pick<Env, "PRIVACY_PROCESSORS">): PrivacyFacts {
  const retention = retentionFromEnv(env);
  const processors = parseProcessors(env.PRIVACY_PROCESSORS);
  if (!processors) throw new Error("PRIVACY_PROCESSORS is not `navn|oppgave|hvor` per processor (checked at start-up).");
  return {
    retention: {
      campAnonymiseAfterDays: retention.anonymiseAfterDays,
      accountingRetentionYears: retention.accountingRetentionYears,
      newMemberRetentionMonths: retention.newMemberRetentionMonths,
      mailRetentionDays: retention.mailRetentionDays,
      invoiceRetentionDays: retention.invoiceRetentionDays,
    },
    processors,
  };
}
