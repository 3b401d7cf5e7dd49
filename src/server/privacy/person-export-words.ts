/** The export's words: ledgers, changes and held mails as the screens show them, never a stored system word. */
import { ledgerFigureLabels } from "../../shared/camp/camp-ledger-labels.ts";
import { ledgerFigures, type LedgerEntry } from "../../shared/camp/camp-ledger.ts";
import { ledgerEntryWhat, ledgerHistoryLine, type LedgerHistoryEntry } from "../../shared/camp/camp-ledger-history.ts";
import { actorLabel } from "../../shared/camp/camp-state-labels.ts";
import { withoutLinkSecrets } from "../../shared/privacy/link-secrets.ts";
import type { QueuedMailRenderer } from "../mail/mail-kinds.ts";
import type { LedgerInWords, MailCopy, ChangeInWords } from "./person-export-shape.ts";

/** A ledger as «Historikk» reads it, and its figures under their Norwegian names («Betalt», «Å betale» …). */
export function ledgerInWords(history: readonly (LedgerHistoryEntry & { label?: string | null })[]): LedgerInWords {
  return {
    entries: history.map((entry) => ({
      at: entry.at,
      who: actorLabel(entry.actor),
      what: ledgerEntryWhat(entry),
      amount: entry.amount,
      reason: entry.reason,
      line: ledgerHistoryLine(entry),
    })),
    figures: figuresInWords(history),
  };
}

/** A copy of a held mail: one not sent yet that is rendered when sent is shown as it will go out. */
export async function mailCopy(
  {
    kind,
    payload,
    ...mail
  }: { text: string | null; subject: string | null; createdAt: Date; kind: string | null; payload: Record<string, unknown> | null },
  renderMail: QueuedMailRenderer | undefined,
): Promise<MailCopy> {
  const subjectAndText =
    mail.text === null && kind && renderMail
      ? await renderMail({ kind, payload: payload ?? {}, createdAt: mail.createdAt }).catch(() => undefined)
      : undefined;
  const text = subjectAndText?.text ?? mail.text;
  // A copy of a mail is no key: its links are shown without their secrets.
  return { ...mail, subject: subjectAndText?.subject ?? mail.subject, text: text === null ? null : withoutLinkSecrets(text) };
}

/** A change as the leader's log shows it, oldest first. */
export function changeInWords(change: { at: Date; actor: string; summary: string }): ChangeInWords {
  return { at: change.at.toISOString(), who: actorLabel(change.actor), what: change.summary };
}

/** The ledger's figures under the names every screen gives them. */
function figuresInWords(
  history: readonly { kind: LedgerEntry["kind"]; amount: number; item: string | null; method: string | null }[],
): Record<string, number> {
  const figures = ledgerFigures(
    history.map((entry, index) => ({
      id: index,
      kind: entry.kind,
      person: null,
      item: entry.item,
      method: entry.method,
      amount: entry.amount,
      paymentId: null,
    })),
  );
  return Object.fromEntries(
    (Object.keys(ledgerFigureLabels) as (keyof typeof ledgerFigureLabels)[]).map((key) => [ledgerFigureLabels[key], figures[key]]),
  );
}

export function withoutDraftSecret<T extends { draftSecretHash: unknown }>(registration: T): Omit<T, "draftSecretHash"> {
  const { draftSecretHash: _hash, ...rest } = registration;
  return rest;
}
