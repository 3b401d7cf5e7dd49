import { decodeBase64 } from "./cookie-draft.ts";

export interface NamedCookie {
  name: string;
  value: string;
}

const attempt = (decode: (value: string) => string, value: string) => {
  try {
    return decode(value);
  } catch {
    return "";
  }
};

/**
 * Everything a set of cookies could reveal, decoded the way the wizard encodes its draft: each value as
 * sent, URI-decoded and base64-decoded, and each split draft's parts joined and decoded (a text may
 * straddle two parts). Tests look for a secret anywhere in it.
 */
export function readableCookieText(cookies: readonly NamedCookie[]): string {
  const values = new Map(cookies.map(({ name, value }) => [name, value]));
  const texts: string[] = [];
  for (const { name, value } of cookies) {
    texts.push(value, attempt(decodeURIComponent, value), attempt(decodeBase64, value));
    let joined = value;
    for (let part = 1; values.has(`${name}_${part}`); part++) joined += values.get(`${name}_${part}`);
    texts.push(attempt(decodeBase64, joined));
  }
  return texts.join("\n");
}

/** The cookies this page can see (document.cookie), as name and value. */
export function documentCookies(): NamedCookie[] {
  return document.cookie
    .split(";")
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => ({ name: pair.slice(0, pair.indexOf("=")), value: pair.slice(pair.indexOf("=") + 1) }));
}
