/**
 * A redirect target that can only lead to this site. Browsers read a Location of `//host`, `/\host` or
 * `/<tab>/host` as "another host", and drop tabs and line breaks anywhere in an address, so a path taken from
 * the request (`//evil.example/` with its trailing slash removed) must not be echoed as it is: tabs and line
 * breaks go, and any run of slashes, backslashes, spaces and control characters at the start becomes one "/".
 * Percent-encoded slashes (`%2F%2F`) stay encoded, and an encoded path is a path on this host.
 */
export function sameOriginPath(target: string): string | undefined {
  const path = "/" + target.replace(/[\t\n\r]/g, "").replace(/^[\s\\\/\x00-\x1f]+/, "");
  // Belt and braces: whatever the rules above missed, the answer is no redirect rather than a foreign one.
  const probe = new URL(path, "http://127.0.0.1/");
  return probe.origin === "http://127.0.0.1" ? path : undefined;
}
