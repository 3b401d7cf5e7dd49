/**
 * The camp admin token lives in the cookie `adminToken` for one day (spec §9, D4). SameSite=Strict keeps it
 * out of requests from other sites; it is read by script because it travels as a path segment.
 */
const name = "adminToken";
const maxAgeSeconds = 24 * 60 * 60;

function attributes(): string {
  const secure = typeof location !== "undefined" && location.protocol === "https:" ? "; Secure" : "";
  return `; Path=/; SameSite=Strict${secure}`;
}

export function readAdminToken(): string | undefined {
  if (typeof document === "undefined") return undefined;
  for (const part of document.cookie.split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) {
      const token = decodeURIComponent(value.join("="));
      return token === "" ? undefined : token;
    }
  }
  return undefined;
}

export function saveAdminToken(token: string): void {
  document.cookie = `${name}=${encodeURIComponent(token)}; Max-Age=${maxAgeSeconds}${attributes()}`;
}

export function clearAdminToken(): void {
  document.cookie = `${name}=; Max-Age=0${attributes()}`;
}
