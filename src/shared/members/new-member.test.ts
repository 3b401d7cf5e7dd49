import { describe, expect, it } from "vitest";
import {
  NewMemberSchema,
  Referer,
  canLeaveNewMemberStep,
  countedNewMemberSteps,
  emptyNewMemberDraft,
  newMemberMessages,
  nextNewMemberStep,
  previousNewMemberStep,
  refererFromQuery,
  validateNewMemberFields,
  validateNewMemberStep,
  type NewMemberDraft,
} from "./new-member.ts";

const child: NewMemberDraft = {
  firstName: "Sara",
  lastName: "Berg",
  age: 9,
  parentFirstName: "Lise",
  parentLastName: "Berg",
  email: "lise@example.no",
  telephone: "912 34 567",
  referer: Referer.QRCode,
};
const adult: NewMemberDraft = {
  ...child,
  firstName: "Per",
  lastName: "Dahl",
  age: 34,
  parentFirstName: "",
  parentLastName: "",
  email: "per@example.no",
};

const errorOf = (field: keyof NewMemberDraft, overrides: Partial<NewMemberDraft>) =>
  validateNewMemberFields([field], { ...child, ...overrides })[field];

describe("NewMemberSchema", () => {
  it("parses a child with a guardian, trimming text and dropping spaces in the telephone number", () => {
    expect(NewMemberSchema.parse({ ...child, firstName: " Sara ", email: " lise@example.no " })).toEqual({
      ...child,
      email: "lise@example.no",
      telephone: "91234567",
    });
  });

  it("drops a guardian name for an adult, who is their own contact", () => {
    expect(NewMemberSchema.parse({ ...adult, parentFirstName: "Gammel", parentLastName: "Verdi" })).toMatchObject({
      parentFirstName: "",
      parentLastName: "",
      age: 34,
    });
  });

  it("requires first and last name", () => {
    expect(errorOf("firstName", { firstName: "  " })).toBe("Du må legge inn et fornavn.");
    expect(errorOf("lastName", { lastName: "" })).toBe("Du må legge inn et etternavn.");
    expect(errorOf("firstName", { firstName: "x".repeat(101) })).toBe("Fornavnet kan ha høyst 100 tegn.");
  });

  it("accepts ages 7–125 in whole years, with the spec's message below 7", () => {
    expect(errorOf("age", { age: 6 })).toBe("Må være 7 år eller eldre");
    expect(errorOf("age", { age: 0 })).toBe("Må være 7 år eller eldre");
    expect(errorOf("age", { age: 7 })).toBeUndefined();
    expect(errorOf("age", { age: 125 })).toBeUndefined();
    expect(errorOf("age", { age: 126 })).toBe("Alder kan ikke være over 125.");
    expect(errorOf("age", { age: 9.5 })).toBe("Alder må være et helt tall.");
  });

  it("requires the guardian's name under 18 and not from 18", () => {
    expect(errorOf("parentFirstName", { age: 17, parentFirstName: " " })).toBe(newMemberMessages.parentFirstName);
    expect(errorOf("parentLastName", { age: 17, parentLastName: "" })).toBe(newMemberMessages.parentLastName);
    expect(errorOf("parentFirstName", { age: 18, parentFirstName: "" })).toBeUndefined();
    const result = NewMemberSchema.safeParse({ ...child, parentFirstName: "", parentLastName: "" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["parentFirstName", newMemberMessages.parentFirstName],
      ["parentLastName", newMemberMessages.parentLastName],
    ]);
  });

  it("requires an e-mail with @ and no comma ('Ugyldig epost')", () => {
    expect(errorOf("email", { email: "" })).toBe("Du må legge inn en epost.");
    for (const email of ["lise.example.no", "lise@", "a@b.no,c@d.no", "lise,berg@example.no", "li se@example.no"]) {
      expect(errorOf("email", { email })).toBe("Ugyldig epost");
    }
    expect(errorOf("email", { email: "lise.berg+tkd@example.co.uk" })).toBeUndefined();
  });

  it("checks the telephone like the camp: optional plus, then 8–20 digits ('Ugyldig telefonnummer')", () => {
    expect(errorOf("telephone", { telephone: "" })).toBe("Du må legge inn et telefonnummer.");
    for (const telephone of ["1234567", "912-34-567", "+47 912 34 56a", "1".repeat(21)]) {
      expect(errorOf("telephone", { telephone })).toBe("Ugyldig telefonnummer");
    }
    for (const telephone of ["91234567", "+47 912 34 567", "1".repeat(20)]) expect(errorOf("telephone", { telephone })).toBeUndefined();
  });

  it("accepts only the three referer values", () => {
    expect(NewMemberSchema.safeParse({ ...child, referer: 3 }).success).toBe(false);
    expect(NewMemberSchema.safeParse({ ...child, referer: "qr" }).success).toBe(false);
    for (const referer of [0, 1, 2]) expect(NewMemberSchema.safeParse({ ...child, referer }).success).toBe(true);
  });
});

describe("referer from the query", () => {
  it("reads qr and email, anything else is the website", () => {
    expect(refererFromQuery("qr")).toBe(Referer.QRCode);
    expect(refererFromQuery("QR")).toBe(Referer.QRCode);
    expect(refererFromQuery("email")).toBe(Referer.Email);
    for (const value of [null, undefined, "", "facebook", "qr2"]) expect(refererFromQuery(value)).toBe(Referer.Website);
  });
});

describe("wizard steps", () => {
  it("starts at age 12 with the given referer", () => {
    expect(emptyNewMemberDraft(Referer.Email)).toMatchObject({ age: 12, referer: Referer.Email, firstName: "" });
  });

  it("sends a child through Parent and an adult past it", () => {
    expect(nextNewMemberStep("Welcome", child)).toBe("Registration");
    expect(nextNewMemberStep("Registration", child)).toBe("Parent");
    expect(nextNewMemberStep("Parent", child)).toBe("Receipt");
    expect(nextNewMemberStep("Registration", adult)).toBe("Receipt");
    expect(previousNewMemberStep("Receipt", child)).toBe("Parent");
    expect(previousNewMemberStep("Receipt", adult)).toBe("Registration");
    expect(previousNewMemberStep("Parent", child)).toBe("Registration");
    expect(countedNewMemberSteps(child)).toEqual(["Welcome", "Registration", "Parent", "Receipt"]);
    expect(countedNewMemberSteps(adult)).toEqual(["Welcome", "Registration", "Receipt"]);
  });

  it("asks an adult for contact details on Registration and a child's guardian on Parent", () => {
    const empty = emptyNewMemberDraft();
    expect(Object.keys(validateNewMemberStep("Registration", empty))).toEqual(["firstName", "lastName"]);
    expect(Object.keys(validateNewMemberStep("Registration", { ...empty, age: 30 }))).toEqual(["firstName", "lastName", "email", "telephone"]);
    expect(Object.keys(validateNewMemberStep("Parent", empty))).toEqual(["email", "telephone", "parentFirstName", "parentLastName"]);
    expect(validateNewMemberStep("Parent", { ...empty, age: 30 })).toEqual({});
    expect(canLeaveNewMemberStep("Welcome", empty)).toBe(true);
    expect(canLeaveNewMemberStep("Receipt", child)).toBe(true);
    expect(canLeaveNewMemberStep("Receipt", adult)).toBe(true);
    expect(canLeaveNewMemberStep("Registration", { ...child, age: 6 })).toBe(false);
  });
});
