import { formatKroner } from "../../shared/format.ts";
import { messageSegmentLabels, type SendMessageInput } from "../../shared/messages/message.ts";
import { composeMessageText } from "../../shared/messages/message-greeting.ts";
import { escapeHtml } from "../mail/escape-html.ts";
import type { OutgoingMail } from "../mail/outbox.ts";
import type { MessageFamily } from "./message-families.ts";
import { renderMailContent } from "../mail/mail-content.ts";

/** What stands where a family's link will be, in a preview (the real link is made only for the mail itself). */
export const previewLinkPlaceholder = "[familiens egen lenke – lages når meldingen sendes]";

type MailText = Pick<OutgoingMail, "subject" | "text" | "html">;

/** Every message says where an answer goes: the Reply-To (the sender address takes no answers). */
export function replyToSentence(replyTo: string): string {
  return `Svar på denne e-posten går til ${replyTo}.`;
}

/** «Emma», «Emma og Ola», «Emma, Ola og Kari». */
export function namesList(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} og ${names.at(-1)}`;
}

/** Where the camp's mail says the family's link leads. */
export const campLinkLine = "Påmeldingen finner dere på «Min påmelding»:";

/** The same for a club event's orders: each order has its own page. */
export function eventLinkLine(sale: boolean, links: number): string {
  const what = sale ? (links > 1 ? "Bestillingene" : "Bestillingen") : links > 1 ? "Påmeldingene" : "Påmeldingen";
  return `${what} finner dere her:`;
}

/**
 * One family's mail: greets the person who registered (the contact person a child's registration names, or
 * the adult athlete; without a name when neither is known — never as the child) unless the leader's text
 * greets by itself (shared/messages/message-greeting.ts: one greeting, never two), says whom it is about,
 * then the leader's text with the family's own merge values, the attachment by its file name, the family's
 * links (one for a camp family; one per order of a club event) and what is left to pay.
 */
export function renderFamilyMessage(
  message: Pick<SendMessageInput, "subject" | "body">,
  family: MessageFamily,
  links: readonly string[],
  attachment: string | undefined,
  replyTo: string,
  linkLine: string = campLinkLine,
): MailText {
  const firstNames = family.participants.map((name) => name.split(" ")[0]!);
  const about = family.aboutGreeted ? undefined : `Denne meldingen gjelder ${namesList(family.participants)}.`;
  const { paragraphs } = composeMessageText(
    message.body,
    {
      navn: family.greetingName ?? "",
      // The adult who registered alone is the one greeted: «se deg», not «se Ola» to Ola.
      deltakere: family.aboutGreeted ? "deg" : namesList(firstNames),
      lenke: links.join(" "),
      beløp: formatKroner(family.amountDue),
    },
    about,
  );
  // What the leader's text already says through a merge field is not said again below it (the HTML keeps
  // its link as a link: the text's own address is plain text there).
  const linkInText = message.body.includes("{lenke}");
  const due = family.amountDue > 0 && !message.body.includes("{beløp}") ? `Igjen å betale: ${formatKroner(family.amountDue)}.` : undefined;
  const attached = attachment ? `Vedlegg: ${attachment} (programmet for leiren).` : undefined;
  const reply = replyToSentence(replyTo);

  const { text, html } = renderMailContent({
    title: message.subject,
    heading: false,
    // The greeting, when there is one, is the first of the composed paragraphs.
    greet: false,
    blocks: [
      ...paragraphs.map((paragraph) => ({ paragraph })),
      ...(attached ? [{ paragraph: attached }] : []),
      // The HTML keeps the links as links even where the leader's text already holds them as plain text.
      {
        both: {
          text: linkInText ? [] : [linkLine, ...links],
          html: `<p>${escapeHtml(linkLine)}${links.map((link) => `<br><a href="${escapeHtml(link)}" style="word-break:break-all">${escapeHtml(link)}</a>`).join("")}</p>`,
        },
      },
      ...(due ? [{ paragraph: [{ bold: due }] }] : []),
      { paragraph: reply },
    ],
  });
  return { subject: message.subject, text, html };
}

/**
 * The club's copy of a message: who it went to and the text as the leader wrote it, merge fields unfilled —
 * no family's link (a link is only ever mailed to its own address) and no family's amount.
 */
export function renderClubCopy(
  message: Pick<SendMessageInput, "subject" | "body" | "segment" | "day">,
  recipients: number,
  sentBy: string,
  attachment: string | undefined,
  audience: "camp" | "new-members" = "camp",
): MailText {
  // The reminder before the camp is sent by the site itself (its account is "system").
  const by = sentBy === "system" ? "automatisk" : `av ${sentBy}`;
  const to =
    audience === "new-members"
      ? `${recipients} ${recipients === 1 ? "interessert" : "interesserte"} (${message.segment === "picked" ? "de valgte" : "alle på listen"})`
      : `${recipients} ${recipients === 1 ? "familie" : "familier"} (${messageSegmentLabels[message.segment]}${message.day ? ` ${message.day}` : ""})`;
  const lines = [
    `Kopi av meldingen som ble sendt ${by} til ${to}.`,
    ...(attachment ? [`Vedlegg: ${attachment}`] : []),
    ...(audience === "camp" ? ["Flettefeltene står slik de ble skrevet; hver familie fikk sine egne verdier."] : []),
  ];
  // To the club itself: no greeting and no signature, only what was sent, to whom, and the message as written.
  const { text, html } = renderMailContent({
    title: message.subject,
    heading: false,
    greet: false,
    signature: false,
    blocks: [{ paragraph: lines.join("\n") }, { paragraph: [{ bold: `Emne: ${message.subject}` }] }, { paragraph: message.body }],
  });
  return { subject: `Kopi: ${message.subject}`, text, html };
}
