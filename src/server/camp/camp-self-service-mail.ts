import { club } from "../../shared/club/club-facts.ts";
import { formatKroner } from "../../shared/format.ts";
import { nothingPaidCancelledSentence } from "../../shared/camp/cancellation-terms.ts";
import { linkLifetimeSentence } from "../../shared/camp/camp-my-registration.ts";
import { escapeHtml } from "../mail/escape-html.ts";
import type { OutgoingMail } from "../mail/outbox.ts";

/** Dedupe keys of the "Min påmelding" mails: `camp-self:{registrationId}:{what}` (retention deletes them by the id). */
export const selfServiceMailPrefix = "camp-self:";
export const selfServiceMailKey = (registrationId: number, what: string) => `${selfServiceMailPrefix}${registrationId}:${what}`;

type MailContent = Pick<OutgoingMail, "subject" | "text" | "html">;
const e = escapeHtml;

/** A camp mail to the family as HTML: a title, paragraphs, an optional link, the club's contact line and greeting. */
export function page(title: string, paragraphs: string[], contactEmail: string, link?: { href: string; text: string }): string {
  return `<!doctype html>
<html lang="nb"><head><meta charset="utf-8"><title>${e(title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#222;line-height:1.5;max-width:40rem">
<h1 style="font-size:1.4rem">${e(title)}</h1>
${paragraphs.map((paragraph) => `<p>${e(paragraph).replace(/\n/g, "<br>")}</p>`).join("\n")}
${link ? `<p><a href="${e(link.href)}">${e(link.text)}</a></p>` : ""}
<p>Spørsmål? Skriv til <a href="mailto:${e(contactEmail)}">${e(contactEmail)}</a> og oppgi ordrenummeret. Denne adressen tar ikke imot svar.</p>
<p>Hilsen ${e(club.name)}</p>
</body></html>
`;
}

/** The same mail as plain text. */
export function text(paragraphs: string[], contactEmail: string, link?: string): string {
  return [
    ...paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...(link ? [link, ""] : []),
    `Spørsmål? Skriv til ${contactEmail} og oppgi ordrenummeret. Denne adressen tar ikke imot svar.`,
    "",
    `Hilsen ${club.name}`,
    "",
  ].join("\n");
}

/** "Finn påmeldingen min": the address's one link, and who it opens (each registration's athlete). */
export function renderLinksMail(link: string, registrations: { orderId: string; year: number; name: string }[]): MailContent {
  const title = "Lenken til påmeldingen din";
  const intro =
    "Her er lenken til «Min påmelding» for det som er meldt på vinterleiren med denne e-postadressen. Der ser du hver utøver og ledsager, kan rette opplysningene og avbestille.";
  const items = registrations.map((registration) => `${registration.name}, vinterleir ${registration.year} (ordrenummer ${registration.orderId})`);
  // The link works until the last of the camps it opens is over (camp-personal-link.ts).
  const years = [...new Set(registrations.map((registration) => registration.year))];
  const lifetime = linkLifetimeSentence(years.length > 1 ? Math.max(...years) : undefined);
  const html = `<!doctype html>
<html lang="nb"><head><meta charset="utf-8"><title>${e(title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#222;line-height:1.5;max-width:40rem">
<h1 style="font-size:1.4rem">${e(title)}</h1>
<p>${e(intro)}</p>
<ul>${items.map((item) => `<li>${e(item)}</li>`).join("")}</ul>
<p><a href="${e(link)}">Min påmelding</a><br>${e(lifetime)}</p>
<p>Ba du ikke om denne e-posten, kan du se bort fra den.</p>
<p>Hilsen ${e(club.name)}</p>
</body></html>
`;
  return {
    subject: "Lenken til påmeldingen din – vinterleir",
    text: [
      intro,
      "",
      ...items,
      "",
      `Min påmelding: ${link}`,
      lifetime,
      "",
      "Ba du ikke om denne e-posten, kan du se bort fra den.",
      "",
      `Hilsen ${club.name}`,
      "",
    ].join("\n"),
    html,
  };
}

export interface CancellationMailData {
  orderId: string;
  year: number;
  /** Who was cancelled ("Ola Nordmann", or the companion's name). */
  cancelledName: string;
  /** True when the whole registration is cancelled (the athlete). */
  whole: boolean;
  method: "vipps" | "card_cash" | "free";
  /** What comes back in all (the ledger's cancellation): through Vipps, and of it what is paid back another way. */
  refund: number;
  refundOutsideVipps?: number;
  /** What the cancellation rules keep of what was paid. */
  kept?: number;
  /** What is still to pay after the cancellation (a whole athlete of a group: what the others still owe). */
  stillToPay: number;
  /** A whole athlete cancelled while others of the same submission still come: the rest of the family stays. */
  othersStay?: boolean;
  link: string;
  /** Cancelled by the camp's leader rather than through "Min påmelding". */
  byLeader?: boolean;
}

/** The money sentences of a cancellation, from the ledger's figures: what comes back, how, what is kept, what is left to pay. */
export function cancellationMoneyLines(
  data: Pick<CancellationMailData, "refund" | "refundOutsideVipps" | "kept" | "stillToPay" | "othersStay">,
): string[] {
  const outside = data.refundOutsideVipps ?? 0;
  const viaVipps = data.refund - outside;
  const lines: string[] = [];
  if (viaVipps > 0) lines.push(`Du får ${formatKroner(viaVipps)} tilbake med Vipps. Det kan ta noen dager før pengene er på kontoen.`);
  if (outside > 0) lines.push(`Klubben betaler deg ${formatKroner(outside)} tilbake; kassereren tar kontakt om hvordan.`);
  if ((data.kept ?? 0) > 0) lines.push(`${formatKroner(data.kept ?? 0)} av det som var betalt, beholdes etter avbestillingsreglene.`);
  if (data.refund === 0 && (data.kept ?? 0) === 0) lines.push(nothingPaidCancelledSentence);
  const rest = data.othersStay ? "de andre i påmeldingen" : "resten av påmeldingen";
  lines.push(data.stillToPay > 0 ? `Å betale for ${rest}: ${formatKroner(data.stillToPay)}.` : "Du skal ikke betale noe mer.");
  return lines;
}

/**
 * The mail after a cancellation (through "Min påmelding", or by the camp's leader): what happened and what
 * comes back. `contactEmail`: the club's general address as kept in «Nettsted» (loadClubContact).
 */
export function renderCancellationMail(data: CancellationMailData, contactEmail: string): MailContent {
  // The whole order is gone only when nobody of it is still coming: a family's other athletes keep theirs.
  const allGone = data.whole && !data.othersStay;
  const title = allGone
    ? `Påmeldingen til vinterleir ${data.year} er avbestilt`
    : data.whole
      ? `${data.cancelledName} er avbestilt fra vinterleir ${data.year}`
      : `${data.cancelledName} er avbestilt`;
  // The leader's cancellation says who did it; the family's own is told as done («er avbestilt»), not as ours.
  const cancelled = data.byLeader
    ? {
        all: `Leirledelsen har avbestilt påmeldingen til ${data.cancelledName} (ordrenummer ${data.orderId}).`,
        athlete: `Leirledelsen har avbestilt ${data.cancelledName} (ordrenummer ${data.orderId}).`,
        companion: `Leirledelsen har avbestilt ${data.cancelledName} fra påmeldingen med ordrenummer ${data.orderId}.`,
      }
    : {
        all: `Påmeldingen til ${data.cancelledName} (ordrenummer ${data.orderId}) er avbestilt.`,
        athlete: `${data.cancelledName} (ordrenummer ${data.orderId}) er avbestilt.`,
        companion: `${data.cancelledName} er avbestilt fra påmeldingen med ordrenummer ${data.orderId}.`,
      };
  const what = allGone
    ? cancelled.all
    : data.whole
      ? `${cancelled.athlete} De andre i påmeldingen står som før.`
      : `${cancelled.companion} Resten av påmeldingen står som før.`;
  const paragraphs = [what, ...cancellationMoneyLines(data)];
  return {
    subject: title,
    text: text(paragraphs, contactEmail, allGone ? undefined : `Min påmelding: ${data.link}`),
    html: page(title, paragraphs, contactEmail, allGone ? undefined : { href: data.link, text: "Min påmelding" }),
  };
}
