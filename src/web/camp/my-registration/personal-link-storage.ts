import { personalTokenPattern } from "../../../shared/camp/camp-my-registration.ts";

const key = "vinterleir.minPamelding";

/** The link from the registration answer, kept in this tab while the payer is at Vipps (the result page shows it). */
export function rememberPersonalLink(path: string | undefined) {
  try {
    if (path) sessionStorage.setItem(key, path);
  } catch {
    // Private mode without storage: the confirmation mail still has the link.
  }
}

export function rememberedPersonalLink(): string | undefined {
  try {
    const path = sessionStorage.getItem(key) ?? undefined;
    return path && isPersonalLinkPath(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

function isPersonalLinkPath(path: string): boolean {
  // «Min side», or the camp's older address of it (a tab that went to Vipps before the move).
  const match = /^\/(?:min-side|vinterleir\/min-pamelding)\/([^/]+)$/.exec(path);
  return match !== null && personalTokenPattern.test(match[1]!);
}

const groupKey = "vinterleir.gruppe";

/**
 * The names of a group's athletes paying with one Vipps payment, kept in this tab while the payer is at Vipps
 * (the result page lists them); nothing else of theirs is stored. Undefined clears it (one athlete).
 */
export function rememberGroupNames(names: string[] | undefined) {
  try {
    if (names && names.length > 1) sessionStorage.setItem(groupKey, JSON.stringify(names));
    else sessionStorage.removeItem(groupKey);
  } catch {
    // Private mode without storage: the confirmation mail names everyone.
  }
}

export function rememberedGroupNames(): string[] | undefined {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(groupKey) ?? "null");
    return Array.isArray(parsed) && parsed.length > 1 && parsed.every((name) => typeof name === "string") ? (parsed as string[]) : undefined;
  } catch {
    return undefined;
  }
}
