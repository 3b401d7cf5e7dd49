/**
 * A registration's ledger as the leader reads it in «Historikk»: each entry with its time, who wrote it,
 * what it was and the amount, in Norwegian. The entries' own reasons are Norwegian sentences; kinds,
 * items, methods and actors go through the label maps, so no system word reaches a screen.
 */
import { z } from "zod";
import { formatKroner, osloDateTimeLabel } from "../format.ts";
import { chargeItemLabel, ledgerEntryKindLabels, moneyMethodLabel } from "./camp-ledger-labels.ts";
import type { LedgerEntryKind } from "./camp-ledger.ts";
import { actorLabel } from "./camp-state-labels.ts";

export const LedgerHistoryEntrySchema = z.object({
  at: z.string(),
  actor: z.string(),
  kind: z.enum(["charge", "payment", "refund", "refund-owed", "refund-paid"]),
  /** The person a charge is for, by name (the athlete or a companion); null for money in and out. */
  personName: z.string().nullable(),
  item: z.string().nullable(),
  method: z.string().nullable(),
  amount: z.number(),
  reason: z.string(),
});
export type LedgerHistoryEntry = z.infer<typeof LedgerHistoryEntrySchema>;
export const LedgerHistorySchema = z.array(LedgerHistoryEntrySchema);

/**
 * What the entry is, in words: «Belastet: Ledsager (Kari Nordmann)», «Innbetalt: Kontant». An event's charge
 * carries its own words (`label`, «Gradering: Ola Nordmann», «2 × T-skjorte (M)»), as its receipt read them.
 */
export function ledgerEntryWhat(entry: Pick<LedgerHistoryEntry, "kind" | "personName" | "item" | "method"> & { label?: string | null }): string {
  const kind = ledgerEntryKindLabels[entry.kind as LedgerEntryKind];
  if (entry.kind === "charge" && entry.label) return `${kind}: ${entry.label}`;
  if (entry.kind === "charge") return `${kind}: ${chargeItemLabel(entry.item)}${entry.personName ? ` (${entry.personName})` : ""}`;
  return `${kind}: ${moneyMethodLabel(entry.method)}`;
}

/** One line of «Historikk»: time – who: what, amount – why. */
export function ledgerHistoryLine(entry: LedgerHistoryEntry & { label?: string | null }): string {
  return `${osloDateTimeLabel(entry.at)} – ${actorLabel(entry.actor)}: ${ledgerEntryWhat(entry)}, ${formatKroner(entry.amount)} – ${entry.reason}`;
}
