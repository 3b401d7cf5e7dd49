import { describe, expect, it } from "vitest";
import { genitive, nouns, objectOf, registersSelf, subjectOf, thanksSentence, voiceFor, voiceOf } from "./person-voice.ts";

describe("whom the registration's words speak to", () => {
  it("speaks to an adult registering themselves, and names a child in the third person", () => {
    expect(registersSelf({ firstName: "Kari", age: 30 })).toBe(true);
    expect(registersSelf({ firstName: "Kari", age: 18 })).toBe(true);
    expect(registersSelf({ firstName: "Emma", age: 17 })).toBe(false);
    expect(registersSelf({ firstName: "Emma", age: 10 })).toBe(false);
    // Not given yet: nobody is spoken to as the athlete.
    expect(registersSelf({ firstName: "", age: 0 })).toBe(false);
  });

  it("names the athlete when a contact person was given, a further athlete of a family, or a participant who is not the contact", () => {
    expect(registersSelf({ firstName: "Ola", age: 30, contactName: "Per Berg" })).toBe(false);
    expect(registersSelf({ firstName: "Ola", age: 30 }, { other: true })).toBe(false);
    const contact = { firstName: "Per", lastName: "Berg" };
    expect(registersSelf({ firstName: "Ola", lastName: "Berg", age: 40 }, { contact })).toBe(false);
    expect(registersSelf({ firstName: " per", lastName: "BERG ", age: 40 }, { contact })).toBe(true);
    expect(registersSelf({ firstName: "Per", lastName: "Berg", age: 14 }, { contact })).toBe(false);
  });

  it("gives the phrases for «du» and for a name, without «hun» or «han»", () => {
    const child = voiceFor({ firstName: "Emma ", age: 10 });
    expect(`${child.Jeg} er vegetarianer`).toBe("Emma er vegetarianer");
    expect(`${child.din(nouns.coach)} vet om ${child.name} er klar`).toBe("Emmas trener vet om Emma er klar");
    expect(`Vis ${child.min(nouns.nameAndGrade)} på deltakerlisten`).toBe("Vis Emmas navn og grad på deltakerlisten");
    const adult = voiceFor({ firstName: "Kari", age: 30 });
    expect(`${adult.Jeg} er vegetarianer`).toBe("Jeg er vegetarianer");
    expect(`Søk etter ${adult.din(nouns.clubAndGrade)}`).toBe("Søk etter klubben og beltegraden din");
    expect(`Vis ${adult.min(nouns.nameAndGrade)} på deltakerlisten`).toBe("Vis navnet og graden min på deltakerlisten");
    expect(voiceOf({ firstName: "" }, false).din(nouns.coach)).toBe("treneren til utøveren");
    expect(genitive("Jonas")).toBe("Jonas'");
    expect(genitive("Emma")).toBe("Emmas");
  });

  it("thanks the person who registered, never the child", () => {
    const emma = { firstName: "Emma", self: false };
    const jonas = { firstName: "Jonas", self: false };
    expect(thanksSentence([emma], "vinterleiren 2027")).toBe("Takk! Emma er påmeldt vinterleiren 2027.");
    expect(thanksSentence([emma, jonas], "vinterleiren 2027")).toBe("Takk! Emma og Jonas er påmeldt vinterleiren 2027.");
    expect(thanksSentence([emma, { firstName: "Per", self: true }], "vinterleiren 2027")).toBe("Takk, Per! Du og Emma er påmeldt vinterleiren 2027.");
    expect(thanksSentence([emma], "graderingen «Vår»", { registrant: "Per" })).toBe("Takk, Per! Emma er påmeldt graderingen «Vår».");
    expect(thanksSentence([emma], "vinterleiren 2027", { waitlisted: true })).toBe("Takk! Emma står på ventelisten til vinterleiren 2027.");
    expect(subjectOf([{ firstName: "Kari", self: true }])).toBe("Du");
    expect(objectOf([emma, { firstName: "Per", self: true }])).toBe("meg og Emma");
  });
});
