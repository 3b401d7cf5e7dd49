import { club } from "../../shared/club/club-facts.ts";
import { refundSentence } from "../../shared/camp/cancellation-terms.ts";
import { isEarlyBird, type CampEdition } from "../../shared/camp/camp-edition.ts";
import { campProgram, gradingDays } from "../../shared/camp/camp-program.ts";
import { campDayCountWord, campKeyFacts } from "../../shared/camp/camp-texts.ts";
import { capitalise, formatDateRange, formatKroner, formatLongDate, weekdayName } from "../../shared/format.ts";
import { bare, site, type Contact } from "./camp-pdf-layout.ts";
import type { Flyer } from "./camp-flyer-pdf.ts";

/** What every flyer says the same way: the prices' ages, the discount while it lasts, sleeping over, companions, refunds. */
function flyerFacts(edition: CampEdition, at: Date) {
  const { settings, year } = edition;
  const facts = campKeyFacts(edition);
  const grading = gradingDays(edition);
  const range = formatDateRange(edition.start, edition.end);
  const earlyBefore = formatLongDate(facts.earlyBirdBefore);
  const childAges = `${settings.price.childMaxAge} år eller yngre`;
  const adultAges = `${settings.price.childMaxAge + 1} år eller eldre`;
  const refund = `${refundSentence(edition)} Du avbestiller selv på «Min påmelding».`;
  // A discount whose date has passed is not advertised: the flyers are made again when it ends.
  const early = isEarlyBird(edition, at);
  const sleepoverForAll = "Overnatting i hallen er gratis: ta med sovepose eller dyne, liggeunderlag og pute.";
  const sleepover = `${sleepoverForAll} Barn fra ${club.name} under ${settings.homeClubSleepoverMinAge} år kan ikke overnatte.`;
  const companion = `Ledsager som ikke er påmeldt som utøver: ${formatKroner(settings.companionFee)} for mat og overnatting. Tilskuere som verken spiser eller overnatter, trenger ikke å melde seg på.`;
  const lateFee: Flyer["prices"] = settings.lateFee.enabled
    ? [[`Etteranmelding etter ${formatLongDate(facts.lateFeeAfter)}`, `+${formatKroner(settings.lateFee.amount)}`]]
    : [];

  return { settings, year, facts, grading, range, earlyBefore, childAges, adultAges, refund, early, sleepoverForAll, sleepover, companion, lateFee };
}

type FlyerFacts = ReturnType<typeof flyerFacts>;

/** What the three flyers say: for children, for adults, and the invitation to other clubs. */
export function flyers(edition: CampEdition, contact: Contact, at: Date) {
  const facts = flyerFacts(edition, at);
  return { children: childrenFlyer(edition, facts), adults: adultsFlyer(edition, facts), clubs: clubsFlyer(edition, contact, facts) };
}

/** The flyer for children. */
function childrenFlyer(edition: CampEdition, f: FlyerFacts): Flyer {
  const { settings, year, facts, grading, range, earlyBefore, childAges, refund, early, sleepover, companion, lateFee } = f;
  return {
    title: `Vinterleir ${year}`,
    subtitle: `For barn · ${range} · ${settings.venue}`,
    intro: `Bli med på ${campDayCountWord(edition)} dager med taekwondo sammen med barn og voksne fra klubber i hele TTU! Vi trener i grupper etter grad og alder, har sparring, oppvisning og middag med aktiviteter – og du kan sove i hallen sammen med de andre.`,
    prices: [
      [`Utøver, ${childAges}`, formatKroner(facts.price.child)],
      ...(early ? [[`Tidlig påmelding før ${earlyBefore}`, formatKroner(facts.price.childEarly)] as [string, string]] : []),
      [`Barn fra ${club.name}`, "Gratis"],
      [`Cup-gradering (barn fra ${club.name} under ${settings.cupGradingBelowAge} år)`, `+${formatKroner(settings.gradingFee)}`],
      ...lateFee,
    ],
    blocksBefore: [
      {
        heading: "Gradering og overnatting",
        bullets: [
          `Cup-gradering for barn fra ${club.name} under ${settings.cupGradingBelowAge} år holdes ${weekdayName(grading.cup)}, leirens siste dag. Den velges i påmeldingen.`,
          sleepover,
          companion,
          `En foresatt melder på barnet. ${refund}`,
        ],
      },
    ],
    program: campProgram(edition, "barn"),
    blocksAfter: [
      {
        heading: "Husk å ta med",
        paragraphs: [
          "Dobok og belte, drikkeflaske, toalettsaker og klesskift – og sparringutstyr hvis du skal sparre (fra 10 år og gult belte med erfaring).",
        ],
      },
    ],
  };
}

/** The flyer for young people and adults. */
function adultsFlyer(edition: CampEdition, f: FlyerFacts): Flyer {
  const { settings, year, facts, grading, range, earlyBefore, adultAges, refund, early, sleepover, companion, lateFee } = f;
  return {
    title: `Vinterleir ${year}`,
    subtitle: `For ungdom og voksne · ${range} · ${settings.venue}`,
    intro: `${capitalise(campDayCountWord(edition))} dager med trening delt etter grad og alder, egne sparringsøkter, mestertrening, oppvisning og felles middag – sammen med utøvere, instruktører og mestere fra hele TTU.`,
    prices: [
      [`Utøver, ${adultAges}`, formatKroner(facts.price.adult)],
      ...(early ? [[`Tidlig påmelding før ${earlyBefore}`, formatKroner(facts.price.adultEarly)] as [string, string]] : []),
      [`Utøvere fra ${club.name}`, "Gratis"],
      [`Ledsager (mat og overnatting)`, `+${formatKroner(settings.companionFee)}`],
      ...lateFee,
    ],
    blocksBefore: [
      {
        heading: "Dan-gradering og mestere",
        bullets: [
          `Dan-graderingen holdes ${weekdayName(grading.dan)}, leirens første dag. Den betales separat til forbundet og er ikke med i leirprisen.`,
          "Mestere (4. dan og høyere) betaler som alle andre og kan tilby seg å instruere når de melder seg på.",
        ],
      },
      { heading: "Overnatting og ledsagere", bullets: [sleepover, companion, refund] },
    ],
    program: campProgram(edition, "voksne"),
    blocksAfter: [
      {
        heading: "Husk å ta med",
        paragraphs: ["Dobok og belte, eget sparringutstyr, toalettsaker – og sengetøy hvis du skal overnatte i hallen."],
      },
    ],
  };
}

/** The invitation to the other clubs of TTU. */
function clubsFlyer(edition: CampEdition, contact: Contact, f: FlyerFacts): Flyer {
  const { settings, year, facts, grading, range, earlyBefore, childAges, adultAges, refund, early, sleepoverForAll, companion, lateFee } = f;
  return {
    title: `Invitasjon til vinterleir ${year}`,
    subtitle: `Til alle klubber i TTU · ${range} · ${settings.venue}`,
    intro: `${club.name} inviterer utøvere, instruktører og mestere fra alle TTU-klubber til vinterleir ${range} på ${settings.venue}. Leiren har trening delt etter grad og alder, sparring, dan-gradering, oppvisning og felles middag, og deltakerne kan overnatte i hallen. Vi håper dere vil dele invitasjonen i klubben deres.`,
    prices: [
      [`Utøver, ${childAges}`, formatKroner(facts.price.child)],
      [`Utøver, ${adultAges}`, formatKroner(facts.price.adult)],
      ...(early
        ? [
            [
              `Tidlig påmelding før ${earlyBefore} (${childAges} / ${adultAges})`,
              `${formatKroner(facts.price.childEarly)} / ${formatKroner(facts.price.adultEarly)}`,
            ] as [string, string],
          ]
        : []),
      [`Ledsager som ikke er påmeldt som utøver (mat og overnatting)`, `+${formatKroner(settings.companionFee)}`],
      ...lateFee,
    ],
    blocksBefore: [
      {
        heading: "Praktisk",
        bullets: [
          `Hver deltaker melder seg på selv (barn av en foresatt) på ${bare(site("/vinterleir/registrering"))}. Betaling med Vipps i påmeldingen, eller med kort eller kontant ved innsjekk.`,
          `Dan-gradering ${weekdayName(grading.dan)}; den betales separat til forbundet.`,
          sleepoverForAll,
          companion,
          "Mestere (4. dan og høyere) betaler som alle andre og kan tilby seg å instruere.",
          refund,
        ],
      },
      {
        heading: "Kontakt",
        paragraphs: [`Spørsmål om leiren: ${contact.general}, telefon ${contact.phone}.`],
      },
    ],
    program: campProgram(edition),
    blocksAfter: [],
  };
}
