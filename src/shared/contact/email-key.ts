/**
 * The one way two e-mail addresses are compared: exactly, after this normalisation. Trimmed; the domain in
 * its ASCII (punycode) form, lower-cased, as the WHATWG URL parser maps it (UTS #46, the same mapping a mail
 * server applies before looking the domain up); the local part with only the ASCII letters A–Z lower-cased.
 * Nothing else is folded: a dotted capital İ, a dotless ı, a Kelvin sign, a long ſ or a combining mark in the
 * local part stays what it is, so a look-alike address never matches another person's. A database's own
 * case folding depends on its locale and is never used for this.
 */
export function emailKey(address: string): string | undefined {
  const trimmed = address.trim();
  const at = trimmed.lastIndexOf("@");
  if (at <= 0 || at === trimmed.length - 1) return undefined;
  const domain = asciiDomain(trimmed.slice(at + 1));
  if (domain === undefined) return undefined;
  return `${lowerAsciiLetters(trimmed.slice(0, at))}@${domain}`;
}

function lowerAsciiLetters(text: string): string {
  return text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}

/** Characters that would make the URL parser read something other than a host name (port, path, userinfo, escapes). */
const notInHostName = /[\s/\\?#@:%[\]]/;

/** The domain as the URL parser's host (punycode, lower case), or undefined when it is not a valid domain. */
function asciiDomain(domain: string): string | undefined {
  if (domain === "" || notInHostName.test(domain)) return undefined;
  let host: string;
  try {
    host = new URL(`http://${domain}/`).hostname;
  } catch {
    return undefined;
  }
  return host === "" ? undefined : host;
}
