import { club, contactEmails } from "../../shared/club/club-facts.ts";
import { formatKroner } from "../../shared/format.ts";
import { escapeHtml } from "../mail/escape-html.ts";
import type { OutgoingMail } from "../mail/outbox.ts";

/** Dedupe keys of the "Min påmelding" mails: `camp-self:{registrationId}:{what}` (retention deletes them by the id). */
export const selfServiceMailPrefix = "camp-self:";
export const selfServiceMailKey = (registrationId: number, what: string) => `${selfServiceMailPrefix}${registrationId}:${what}`;

type MailContent = Pick<OutgoingMail, "subject" | "text" | "html">;
const e = escapeHtml;

function page(title: string, paragraphs: string[], link?: { href: string; text: string }): string {
  return `<!doctype html>
<html lang="nb"><head><meta charset="utf-8"><title>${e(title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#222;line-height:1.5;max-width:40rem">
<h1 style="font-size:1.4rem">${e(title)}</h1>
${paragraphs.map((paragraph) => `<p>${e(paragraph)}</p>`).join("\n")}
${link ? `<p><a href="${e(link.href)}">${e(link.text)}</a></p>` : ""}
<p>Spørsmål? Skriv til <a href="mailto:${e(contactEmails.general)}">${e(contactEmails.general)}</a> og oppgi ordrenummeret. Denne adressen tar ikke imot svar.</p>
<p>Hilsen ${e(club.name)}</p>
</body></html>
`;
}

function text(paragraphs: string[], link?: string): string {
  return [
    ...paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...(link ? [link, ""] : []),
    `Spørsmål? Skriv til ${contactEmails.general} og oppgi ordrenummeret. Denne adressen tar ikke imot svar.`,
    "",
    `Hilsen ${club.name}`,
    "",
  ].join("\n");
}

/** "Finn påmeldingen min": the address's one link, and who it opens (each registration's athlete). */
export function renderLinksMail(link: string, registrations: { orderId: string; year: number; name: string }[]): MailContent {
  const title = "Lenken til påmeldingen din";
  const intro = "Her er lenken til «Min påmelding» for det som er meldt på vinterleiren med denne e-postadressen. Der ser du hver utøver og ledsager, kan rette opplysningene og avbestille.";
  const items = registrations.map((registration) => `${registration.name}, vinterleir ${registration.year} (ordrenummer ${registration.orderId})`);
  const html = `<!doctype html>
<html lang="nb"><head><meta charset="utf-8"><title>${e(title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#222;line-height:1.5;max-width:40rem">
<h1 style="font-size:1.4rem">${e(title)}</h1>
<p>${e(intro)}</p>
<ul>${items.map((item) => `<li>${e(item)}</li>`).join("")}</ul>
<p><a href="${e(link)}">Min påmelding</a></p>
<p>Ba du ikke om denne e-posten, kan du se bort fra den.</p>
<p>Hilsen ${e(club.name)}</p>
</body></html>
`;
  return {
    subject: "Lenken til påmeldingen din – vinterleir",
    text: [intro, "", ...items, "", `Min påmelding: ${link}`, "", "Ba du ikke om denne e-posten, kan du se bort fra den.", "", `Hilsen ${club.name}`, ""].join("\n"),
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
  refund: number;
  /** What is still to pay at the camp (card/cash) after the cancellation. */
  stillToPay: number;
  link: string;
}

/** The mail after a cancellation through "Min påmelding": what happened and what comes back. */
export function renderCancellationMail(data: CancellationMailData): MailContent {
  const title = data.whole ? `Påmeldingen til vinterleir ${data.year} er avbestilt` : `${data.cancelledName} er avbestilt`;
  const what = data.whole
    ? `Vi har avbestilt påmeldingen til ${data.cancelledName} (ordrenummer ${data.orderId}).`
    : `Vi har avbestilt ${data.cancelledName} fra påmeldingen med ordrenummer ${data.orderId}. Resten av påmeldingen står som før.`;
  const money =
    data.method === "vipps"
      ? data.refund > 0
        ? `Du får ${formatKroner(data.refund)} tilbake med Vipps. Det kan ta noen dager før pengene er på kontoen.`
        : "Etter avbestillingsreglene får du ingenting tilbake."
      : data.method === "card_cash"
        ? data.whole || data.stillToPay === 0
          ? "Du skal ikke betale noe ved oppmøte."
          : `Ved oppmøte betaler du nå ${formatKroner(data.stillToPay)}.`
        : "Påmeldingen var gratis, så det er ingenting å betale tilbake.";
  const paragraphs = [what, money];
  return { subject: title, text: text(paragraphs, data.whole ? undefined : `Min påmelding: ${data.link}`), html: page(title, paragraphs, data.whole ? undefined : { href: data.link, text: "Min påmelding" }) };
}
