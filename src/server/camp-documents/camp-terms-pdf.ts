import { club } from "../../shared/club/club-facts.ts";
import { cancellationTerms } from "../../shared/camp/cancellation-terms.ts";
import { isEarlyBird, type CampEdition } from "../../shared/camp/camp-edition.ts";
import { campKeyFacts } from "../../shared/camp/camp-texts.ts";
import { formatDateRange, formatKroner, formatLongDate } from "../../shared/format.ts";
import { block, finish, footer, header, newDocument, type Block, type Contact, type PdfOptions } from "./camp-pdf-layout.ts";

/** The terms of sale for a camp registration, in plain words. */
export async function termsPdf(edition: CampEdition, contact: Contact, at: Date, options: PdfOptions): Promise<Buffer> {
  const { settings, year } = edition;
  const facts = campKeyFacts(edition);
  const title = "Salgsbetingelser for vinterleiren";
  const doc = newDocument(title, `Påmelding til vinterleir ${year}`, options);
  header(doc, title, `Gjelder påmelding til vinterleir ${year}, ${formatDateRange(edition.start, edition.end)}`);

  const sections: Block[] = [
    {
      heading: "1. Selger",
      paragraphs: [
        `${club.name}, organisasjonsnummer ${club.orgNumber}. Postadresse: ${contact.postal}. Telefon ${contact.phone}, e-post ${contact.general}.`,
      ],
    },
    {
      heading: "2. Hva du kjøper",
      paragraphs: [
        `Påmeldingen gir plass på vinterleiren på ${settings.venue} med trening, mat og mulighet for overnatting i hallen. Tillegg som cup-gradering og ledsager velges i påmeldingen. Dan-gradering er ikke en del av kjøpet; den betales separat til forbundet.`,
      ],
    },
    {
      heading: "3. Priser",
      paragraphs: [`Alle priser er i norske kroner og inkluderer alle avgifter. Det kommer ingen gebyrer i tillegg.`],
      bullets: [
        `Utøver ${settings.price.childMaxAge} år eller yngre: ${formatKroner(facts.price.child)}; ${settings.price.childMaxAge + 1} år eller eldre: ${formatKroner(facts.price.adult)}.`,
        ...(isEarlyBird(edition, at)
          ? [
              `Påmelding før ${formatLongDate(facts.earlyBirdBefore)}: ${settings.earlyBird.percent}\u00a0% rabatt på utøverprisen (${formatKroner(facts.price.childEarly)} / ${formatKroner(facts.price.adultEarly)}).`,
            ]
          : []),
        `Utøvere fra ${club.name}: gratis.`,
        `Cup-gradering: ${formatKroner(settings.gradingFee)}. Ledsager (mat og overnatting): ${formatKroner(settings.companionFee)}.`,
        ...(settings.lateFee.enabled
          ? [`Påmelding etter ${formatLongDate(facts.lateFeeAfter)}: ${formatKroner(settings.lateFee.amount)} i tillegg.`]
          : []),
        "Prisen du får oppgitt når du sender påmeldingen, er den du betaler.",
      ],
    },
    {
      heading: "4. Betaling",
      paragraphs: ["Du betaler med Vipps når du melder deg på, eller med kort eller kontant når du sjekker inn på leiren."],
    },
    {
      heading: "5. Levering",
      paragraphs: ["Påmeldingen regnes som levert når deltakeren sjekker inn ved ankomst til leiren."],
    },
    {
      heading: "6. Avbestilling og endringer",
      paragraphs: [...cancellationTerms(edition), "Endringer i påmeldingen gjør du også selv på «Min påmelding»."],
    },
    {
      heading: "7. Personopplysninger",
      paragraphs: [
        "Opplysningene i påmeldingen brukes til å gjennomføre leiren. Navn, grad og klubb vises i den offentlige deltakerlisten bare hvis du har samtykket til det. Opplysninger om allergier ser bare arrangøren.",
      ],
    },
    {
      heading: "8. Klager og kontakt",
      paragraphs: [
        `Er du misfornøyd, ta kontakt med oss på ${contact.general} eller ${contact.phone} så snart som mulig, så finner vi en løsning. Kommer vi ikke til enighet, kan du klage til Forbrukerrådet.`,
      ],
    },
  ];
  sections.forEach((section) => block(doc, section));
  footer(doc, contact);
  return finish(doc);
}
