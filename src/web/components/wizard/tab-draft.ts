/**
 * The part of a wizard's draft that must not go into cookies (health data, free text): kept in
 * sessionStorage, which belongs to this one tab, is never sent to the server, and is gone when the tab
 * closes. A reload keeps it; a new tab or another browser starts without it.
 *
 * Stored with the draft's id, so a tab that has moved on to another draft never mixes the old one in.
 * Storage can be switched off or full (private mode): then the values live only in the page.
 */
interface TabPart {
  draftId: string;
  values: Record<string, unknown>;
}

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === "undefined" ? undefined : sessionStorage;
  } catch {
    // Some browsers throw on the mere access when storage is blocked.
    return undefined;
  }
}

/** The stored form of a draft's tab part (browser tests put one in a fresh tab with it). */
export function tabPartValue(draftId: string, values: Record<string, unknown>): string {
  return JSON.stringify({ draftId, values } satisfies TabPart);
}

export function saveTabPart(key: string, draftId: string, values: Record<string, unknown>) {
  try {
    storage()?.setItem(key, tabPartValue(draftId, values));
  } catch {
    // Full or blocked: the page still has the values; only a reload would lose them.
  }
}

/** The stored values of this draft, or undefined when this tab has none for it. */
export function loadTabPart(key: string, draftId: string): Record<string, unknown> | undefined {
  try {
    const stored = JSON.parse(storage()?.getItem(key) ?? "null") as Partial<TabPart> | null;
    if (stored?.draftId !== draftId || typeof stored.values !== "object" || stored.values === null) return undefined;
    return stored.values;
  } catch {
    return undefined;
  }
}

export function clearTabPart(key: string) {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing stored that could be removed.
  }
}
