/**
 * What /personvern states that depends on how the server runs: how long personal data is kept (the same
 * settings the deletion job applies) and who processes data for the club. The server reads them from its
 * configuration (src/server/env.ts takes its defaults from here) and hands them to the page.
 */
export const retentionDefaults = {
  /** CAMP_ANONYMISE_AFTER_DAYS: the camp's, and every grading's, course's and sale's, after its last day */
  campAnonymiseAfterDays: 30,
  /** ACCOUNTING_RETENTION_YEARS */
  accountingRetentionYears: 5,
  /** NEWMEMBER_RETENTION_MONTHS */
  newMemberRetentionMonths: 12,
  /** MAIL_RETENTION_DAYS */
  mailRetentionDays: 30,
  /** INVOICE_RETENTION_DAYS */
  invoiceRetentionDays: 90,
} as const;

export interface DataProcessor {
  name: string;
  /** What they do with the data for the club. */
  task: string;
  /** Where the data is. */
  where: string;
}

/**
 * PRIVACY_PROCESSORS: `navn|oppgave|hvor` per processor, separated by `;`. The club sets the real names of
 * its mail provider and host; until then the statement names them by what they do.
 */
export const defaultProcessorsSetting = [
  "Vipps MobilePay AS|tar imot betalingen når du betaler med Vipps, og betaler tilbake ved avbestilling|Norge",
  "E-posttjenesten klubben bruker|sender bekreftelser og lenker på e-post fra nettstedet|EU/EØS",
  "Leverandøren av serveren|driver nettstedet og lagrer databasen|EU/EØS",
].join(";");

/** The processors in a PRIVACY_PROCESSORS setting, or undefined when one entry is not `navn|oppgave|hvor`. */
export function parseProcessors(setting: string): DataProcessor[] | undefined {
  const entries = setting
    .split(";")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  const processors = entries.map((entry) => entry.split("|").map((part) => part.trim()));
  if (processors.length === 0 || processors.some((parts) => parts.length !== 3 || parts.some((part) => part === ""))) return undefined;
  return processors.map(([name, task, where]) => ({ name: name!, task: task!, where: where! }));
}

export interface PrivacyFacts {
  retention: { [Key in keyof typeof retentionDefaults]: number };
  processors: DataProcessor[];
}

/** Under `react-router dev` (no server configuration): the defaults. */
export const defaultPrivacyFacts: PrivacyFacts = { retention: { ...retentionDefaults }, processors: parseProcessors(defaultProcessorsSetting)! };
