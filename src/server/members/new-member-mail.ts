import { club } from "../../shared/club/club-facts.ts";
import { needsGuardian, refererLabels, type NewMember, type RefererValue } from "../../shared/members/new-member.ts";
import { renderMailContent } from "../mail/mail-content.ts";
import type { OutgoingMail } from "../mail/outbox.ts";

/**
 * The confirmation of an interest registration (D5, D7): what we got, and what happens next. It goes to the
 * contact address — the guardian's for a child, the member's own for an adult. `contactEmail`: the club's
 * general address as kept in «Nettsted» (loadClubContact).
 */
export function renderNewMemberConfirmation(member: NewMember, contactEmail: string): Pick<OutgoingMail, "subject" | "text" | "html"> {
  const child = needsGuardian(member.age);
  const greetingName = child ? member.parentFirstName : member.firstName;
  const who = child ? `${member.firstName} ${member.lastName}` : "deg";
  const lines: [string, string][] = [
    ["Navn", `${member.firstName} ${member.lastName}`],
    ["Alder", `${member.age} år`],
    ...(child ? [["Foresatt", `${member.parentFirstName} ${member.parentLastName}`] as [string, string]] : []),
    ["E-post", member.email],
    ["Telefon", member.telephone],
  ];
  const next = `Vi tar kontakt på e-post eller telefon for å avtale en gratis prøvetime. Det trengs bare vanlige treningsklær og en drikkeflaske.`;
  // "dere … dere", "du … deg": the reflexive follows the subject.
  const changedMind = child ? "har dere ombestemt dere" : "har du ombestemt deg";
  const thanks = child ? `du meldte interesse på vegne av ${who}` : "du meldte interesse";
  const { text, html } = renderMailContent({
    title: club.name,
    heading: "Takk for interessen!",
    greet: greetingName,
    blocks: [
      { paragraph: `Takk for at ${thanks} hos ${club.name}. Vi har fått disse opplysningene:` },
      { facts: lines },
      { paragraph: next },
      {
        paragraph: [
          `Er noe feil, eller ${changedMind}? Skriv til `,
          { email: contactEmail },
          ", så retter eller sletter vi opplysningene. Denne adressen tar ikke imot svar.",
        ],
      },
    ],
  });
  return { subject: `Takk for interessen – ${club.name}`, text, html };
}

/**
 * The club's notice that an interest arrived: who, how to reach them, and where to follow up. Reply-To is the
 * interested person's address, so an answer from the club reaches them.
 */
export function renderNewMemberNotice(member: NewMember, adminUrl: string): Pick<OutgoingMail, "subject" | "text" | "html" | "replyTo"> {
  const child = needsGuardian(member.age);
  const name = `${member.firstName} ${member.lastName}`;
  const lines: [string, string][] = [
    ["Navn", name],
    ["Alder", `${member.age} år`],
    ...(child ? [["Foresatt", `${member.parentFirstName} ${member.parentLastName}`] as [string, string]] : []),
    ["E-post", member.email],
    ["Telefon", member.telephone],
    ["Kom via", refererLabels[member.referer as RefererValue] ?? String(member.referer)],
  ];
  const intro = `${name} (${member.age} år) har meldt interesse for å begynne i ${club.name}.`;
  const follow = `Listen over interesserte: ${adminUrl}. Svarer du på denne e-posten, går svaret til ${child ? "den foresatte" : name}.`;
  // To the club itself: no greeting and no signature, only what arrived and where to follow it up.
  const { text, html } = renderMailContent({
    title: "Ny interessent",
    heading: false,
    greet: false,
    signature: false,
    blocks: [{ paragraph: intro }, { facts: lines }, { paragraph: follow }],
  });
  return { subject: `Ny interessent: ${name} (${member.age} år)`, text, html, replyTo: member.email };
}

export function newMemberNoticeKey(registrationId: number): string {
  return `new-member-notice:${registrationId}`;
}

export function newMemberConfirmationKey(registrationId: number): string {
  return `new-member-confirmation:${registrationId}`;
}
