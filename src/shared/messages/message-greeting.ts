import { greeting } from "../camp/contact-greeting.ts";
import { fillMergeFields, type MergeField } from "./message.ts";

/**
 * One greeting per message. The mail greets the person who registered («Hei Per Berg!») unless the leader's
 * text opens with a greeting of its own («Hei {navn}!», «Hei!», «Hei alle sammen,», «Kjære …», «God morgen»):
 * then the text's own is the only one. The server's mail and the form's example both go through
 * `composeMessageText`, so what the leader sees is what the family gets.
 */

/** The words a Norwegian message opens with when it greets; «Heia» (a cheer) is not one of them. */
const openingGreeting = /^(?:hei|heisann|hallo|hallois|kjære|god\s+(?:morgen|dag|ettermiddag|kveld))(?![\p{L}\p{N}])/iu;

/** Whether the leader's text opens with a greeting of its own (spaces and blank lines before it do not count). */
export function opensWithGreeting(body: string): boolean {
  return openingGreeting.test(body.trimStart());
}

/** The form's hint under the text, in one sentence. */
export const messageGreetingHint =
  "E-posten begynner med «Hei» og navnet til den som meldte på, med mindre teksten din selv begynner med en hilsen (som «Hei {navn}!», «Hei alle sammen,» eller «Kjære …») – da står bare din.";

export interface ComposedMessageText {
  /** The mail's own greeting line; undefined when the text greets by itself. */
  greeting: string | undefined;
  /**
   * The mail's opening paragraphs in order: the mail's greeting and whom the mail is about, then the text;
   * a text that greets by itself keeps its first paragraph (the greeting) first and whom it is about after it.
   */
  paragraphs: string[];
}

/**
 * The start of a family's mail: the greeting line the mail adds (or none), whom it is about (`about`, when
 * the mail says it) and the text with the family's values. `values.navn` is the registered person's name,
 * "" when it is not known: then `{navn}` goes away with the space before it («Hei {navn}!» → «Hei!»), as the
 * mail's own greeting is «Hei!» then.
 */
export function composeMessageText(body: string, values: Record<MergeField, string>, about?: string): ComposedMessageText {
  const template = values.navn ? body : body.replace(/[ \t]*\{navn\}/g, "");
  const text = fillMergeFields(template, values).split(/\n{2,}/);
  const aboutLines = about ? [about] : [];
  if (opensWithGreeting(body)) return { greeting: undefined, paragraphs: [text[0]!, ...aboutLines, ...text.slice(1)] };
  const greetingLine = greeting(values.navn || undefined);
  return { greeting: greetingLine, paragraphs: [greetingLine, ...aboutLines, ...text] };
}
