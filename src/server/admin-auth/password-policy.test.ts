import { describe, expect, it } from "vitest";
import { loadEnv } from "../env.ts";
import { adminPasswordProblem, minAdminPasswordLength } from "./password-policy.ts";

describe("adminPasswordProblem", () => {
  it("refuses fewer than 12 characters, counting letters rather than bytes", () => {
    expect(minAdminPasswordLength).toBe(12);
    expect(adminPasswordProblem("kort-passor")).toMatch(/at least 12 characters/);
    expect(adminPasswordProblem("kort-passord")).toBeUndefined();
    expect(adminPasswordProblem("æøåæøåæøåæø")).toMatch(/at least 12/); // 11 letters, 22 bytes
  });

  it("refuses a long password that is on the shipped list of common passwords, in any case", () => {
    for (const common of ["123456789012", "passwordpassword", "1qaz2wsx3edc", "PasswordPassword"]) {
      expect(adminPasswordProblem(common), common).toMatch(/common passwords/);
    }
    expect(adminPasswordProblem("test-leir-passord")).toBeUndefined();
  });

  it("is the rule for the admin passwords in the environment, without echoing them", () => {
    for (const key of ["CAMP_ADMIN_PASSWORD", "NEWMEMBER_ADMIN_PASSWORD", "INVOICE_ADMIN_PASSWORD"]) {
      expect(() => loadEnv({ [key]: "hemmelig8" })).toThrow(new RegExp(`${key}: must be at least 12 characters`));
      expect(() => loadEnv({ [key]: "passwordpassword" })).toThrow(new RegExp(`${key}: is on a list of common passwords`));
      expect(() => loadEnv({ [key]: "passwordpassword" })).not.toThrow(/passwordpassword/);
      expect(loadEnv({ [key]: "et-langt-klubbpassord" })[key as "CAMP_ADMIN_PASSWORD"]).toBe("et-langt-klubbpassord");
    }
  });
});
