import { describe, expect, it } from "vitest";
import { validCompanion, validDraft } from "./camp/camp-draft.fixture.ts";
import { CampRegistrationSchema } from "./camp/camp-registration.ts";
import { NewMemberSchema } from "./members/new-member.ts";
import { hasOnlyUsableCharacters, invalidCharactersMessage } from "./text-rules.ts";

const member = {
  firstName: "Ola",
  lastName: "Nordmann",
  age: 30,
  parentFirstName: "",
  parentLastName: "",
  email: "ola@example.no",
  telephone: "91234567",
  referer: 0,
};
const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe("text rules", () => {
  it("refuses control characters and lone surrogates, keeps line breaks in free text and every real letter", () => {
    for (const bad of ["a\u0000b", "\u0007", "a\u001fb", "\u007f", "x\uD800", "\uDC00y", "\uDBFF\uDBFF"]) {
      expect(hasOnlyUsableCharacters(bad, { multiline: true }), JSON.stringify(bad)).toBe(false);
    }
    expect(hasOnlyUsableCharacters("linje 1\r\nlinje 2\tfane", { multiline: true })).toBe(true);
    expect(hasOnlyUsableCharacters("linje 1\nlinje 2")).toBe(false);
    for (const good of ["Æøå", "🥋🇳🇴", "e\u0301", "\u202Eabc", "a\u200Bb", "<script>", "=1+1", "' OR '1'='1"]) {
      expect(hasOnlyUsableCharacters(good), JSON.stringify(good)).toBe(true);
    }
  });

  it("the camp registration refuses them in names, free text, e-mail and companion ids", () => {
    for (const draft of [
      validDraft({ firstName: "Ola\u0000" }),
      validDraft({ otherInfo: "hei\u0000" }),
      validDraft({ allergies: "n\uD800ø" }),
      validDraft({ email: "ola\u0000@example.no" }),
      validDraft({ hasLedsager: true, ledsagere: [validCompanion({ id: "c\u0000" })] }),
      validDraft({ hasLedsager: true, ledsagere: [validCompanion({ lastName: "K\u0001" })] }),
    ]) {
      const result = CampRegistrationSchema.safeParse(draft);
      expect(result.success).toBe(false);
      expect(messagesOf(result)).toContain(invalidCharactersMessage);
    }
    expect(CampRegistrationSchema.safeParse(validDraft({ otherInfo: "Linje 1\nLinje 2", lastName: "Ødegård 🥋" })).success).toBe(true);
  });

  it("the new-member registration refuses them too", () => {
    for (const bad of [{ firstName: "\u0000" }, { parentFirstName: "Kari\uDFFF", age: 10, parentLastName: "N" }, { email: "a\u0007@b.no" }]) {
      const result = NewMemberSchema.safeParse({ ...member, ...bad });
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(messagesOf(result)).toContain(invalidCharactersMessage);
    }
  });
});
