/** How long personal data is kept: the defaults and the environment's overrides. */
import { mailFolderOf } from "../mail/mail-folder.ts";

export interface RetentionSettings {
  anonymiseAfterDays: number;
  accountingRetentionYears: number;
  newMemberRetentionMonths: number;
  mailRetentionDays: number;
  invoiceRetentionDays: number;
  /** The local mail folder; none: only the outbox is purged. */
  mailDir?: string;
}

export const defaultRetention: RetentionSettings = {
  anonymiseAfterDays: 30,
  accountingRetentionYears: 5,
  newMemberRetentionMonths: 12,
  mailRetentionDays: 30,
  invoiceRetentionDays: 90,
};

export function retentionFromEnv(env: {
  CAMP_ANONYMISE_AFTER_DAYS: number;
  ACCOUNTING_RETENTION_YEARS: number;
  NEWMEMBER_RETENTION_MONTHS: number;
  MAIL_RETENTION_DAYS: number;
  INVOICE_RETENTION_DAYS: number;
  DATA_DIR: string;
}): RetentionSettings {
  return {
    anonymiseAfterDays: env.CAMP_ANONYMISE_AFTER_DAYS,
    accountingRetentionYears: env.ACCOUNTING_RETENTION_YEARS,
    newMemberRetentionMonths: env.NEWMEMBER_RETENTION_MONTHS,
    mailRetentionDays: env.MAIL_RETENTION_DAYS,
    invoiceRetentionDays: env.INVOICE_RETENTION_DAYS,
    // Whether or not SMTP is set now: files from a time without it must go too.
    mailDir: mailFolderOf(env.DATA_DIR),
  };
}
