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
  const match = /^\/vinterleir\/min-pamelding\/([^/]+)$/.exec(path);
  return match !== null && personalTokenPattern.test(match[1]!);
}
