/**
 * An admin area's token cookie: SameSite=Strict keeps it out of requests from other sites;
 * it is read by script because it travels as a path segment.
 */
export function createAdminTokenCookie(name: string, maxAgeSeconds: number): AdminTokenCookie {
  const attributes = () => {
    const secure = typeof location !== "undefined" && location.protocol === "https:" ? "; Secure" : "";
    return `; Path=/; SameSite=Strict${secure}`;
  };
  return {
    read(): string | undefined {
      if (typeof document === "undefined") return undefined;
      for (const part of document.cookie.split(";")) {
        const [key, ...value] = part.trim().split("=");
        if (key === name) {
          const token = decodeURIComponent(value.join("="));
          return token === "" ? undefined : token;
        }
      }
      return undefined;
    },
    save(token: string): void {
      document.cookie = `${name}=${encodeURIComponent(token)}; Max-Age=${maxAgeSeconds}${attributes()}`;
    },
    clear(): void {
      document.cookie = `${name}=; Max-Age=0${attributes()}`;
    },
  };
}

export const DAY_SECONDS = 24 * 60 * 60;

export interface AdminTokenCookie {
  read(): string | undefined;
  save(token: string): void;
  clear(): void;
}
