// @vitest-environment happy-dom
// @vitest-environment-options {"url": "http://localhost:3000/vinterleir/registrering"}
/**
 * The cookies the browser sets: wizard drafts SameSite=Lax on their own path, admin tokens
 * SameSite=Strict, and both Secure when the page came over HTTPS (never on plain HTTP, where a Secure
 * cookie would simply be dropped). The server sets none (src/server/security/security-headers-setup.test.ts).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { validDraft } from "../../shared/camp/camp-draft.fixture.ts";
import { clearWizard, saveWizard, setWizardStep } from "../camp/registration/draft-storage.ts";
import { campAdminToken } from "../camp/admin/admin-token.ts";
import { invoiceAdminToken } from "../invoices/invoice-admin-token.ts";
import { newMemberAdminToken } from "../members/new-member-admin-token.ts";
import { clearNewMemberDraft, saveNewMemberDraft } from "../members/new-member-draft.ts";
import { emptyNewMemberDraft } from "../../shared/members/new-member.ts";

let writes: string[] = [];
function cookieDescriptor(): PropertyDescriptor {
  for (let proto = Object.getPrototypeOf(document); proto; proto = Object.getPrototypeOf(proto)) {
    const found = Object.getOwnPropertyDescriptor(proto, "cookie");
    if (found) return found;
  }
  throw new Error("no document.cookie accessor");
}
const descriptor = cookieDescriptor();

beforeEach(() => {
  writes = [];
  // Every cookie the code writes, attributes included (reading document.cookie shows only name=value).
  Object.defineProperty(document, "cookie", {
    configurable: true,
    get: () => descriptor.get!.call(document),
    set: (value: string) => {
      writes.push(value);
      descriptor.set!.call(document, value);
    },
  });
});
afterEach(() => {
  delete (document as { cookie?: string }).cookie;
});

function attributes(cookie: string): Map<string, string> {
  const [, ...parts] = cookie.split(";");
  return new Map(parts.map((part) => part.trim().split("=") as [string, string]).map(([key, value]) => [key.toLowerCase(), value ?? ""]));
}

function useOrigin(origin: string) {
  (window as unknown as { happyDOM: { setURL: (url: string) => void } }).happyDOM.setURL(`${origin}/vinterleir/registrering`);
}

describe.each([
  ["http://localhost:3000", false],
  ["https://skitaekwondo.no", true],
] as const)("cookies on %s", (origin, secure) => {
  beforeEach(() => useOrigin(origin));

  it("the wizards' drafts: SameSite=Lax, their own path, Secure exactly on HTTPS", () => {
    saveWizard({ draft: validDraft(), step: "ClubGrade" });
    setWizardStep("Public");
    clearWizard();
    saveNewMemberDraft({ draft: emptyNewMemberDraft(), step: "Registration" } as never);
    clearNewMemberDraft();
    expect(writes.length).toBeGreaterThan(4);
    for (const cookie of writes) {
      const attrs = attributes(cookie);
      expect(attrs.get("samesite"), cookie).toBe("Lax");
      expect(attrs.get("path"), cookie).toMatch(/^\/(vinterleir\/registrering|nyttmedlem)/);
      expect(attrs.has("secure"), cookie).toBe(secure);
    }
  });

  it("the admin tokens: SameSite=Strict, Secure exactly on HTTPS", () => {
    for (const token of [campAdminToken, newMemberAdminToken, invoiceAdminToken]) {
      token.save("abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG");
      token.clear();
    }
    expect(writes.length).toBe(6);
    for (const cookie of writes) {
      const attrs = attributes(cookie);
      expect(attrs.get("samesite"), cookie).toBe("Strict");
      expect(attrs.get("path"), cookie).toBe("/");
      expect(attrs.has("secure"), cookie).toBe(secure);
    }
  });
});
