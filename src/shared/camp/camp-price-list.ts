import { club } from "../club/club-facts.ts";
import { formatKroner, formatLongDate } from "../format.ts";
import { isEarlyBird, type CampEdition } from "./camp-edition.ts";
import { campKeyFacts } from "./camp-texts.ts";

/** One line of the camp's price box: who or what, and what it costs. */
export interface CampPriceLine {
  key: string;
  label: string;
  amount: string;
  /** An offer that ends: the static page hides the line from this instant (lib/page-script.ts). */
  showBefore?: Date;
}

/**
 * The camp's prices as the family will pay them, read off the edition's data that `calculateCampPrice`
 * charges: the athlete's price by age, the early-bird price with its deadline while it can be had, the home
 * club's athletes free, and the additions (cup grading, companion, a late fee). /vinterleir's price box and the
 * camp's card on /arrangementer list these lines, so no figure on them is typed in.
 */
export function campPriceList(edition: CampEdition, at: Date): CampPriceLine[] {
  const { settings } = edition;
  const facts = campKeyFacts(edition);
  const childAges = `${settings.price.childMaxAge} år eller yngre`;
  const adultAges = `${settings.price.childMaxAge + 1} år eller eldre`;
  const lines: CampPriceLine[] = [
    { key: "child", label: `Utøver ${childAges}`, amount: formatKroner(facts.price.child) },
    { key: "adult", label: `Utøver ${adultAges}`, amount: formatKroner(facts.price.adult) },
  ];
  if (isEarlyBird(edition, at)) {
    // One line per age, so each price stands beside its own words on a 360 px screen.
    const early = `påmeldt før ${formatLongDate(facts.earlyBirdBefore)} (−${settings.earlyBird.percent}\u00a0%)`;
    const showBefore = edition.earlyBirdEndsAt;
    lines.push(
      { key: "early-bird-child", label: `Utøver ${childAges}, ${early}`, amount: formatKroner(facts.price.childEarly), showBefore },
      { key: "early-bird-adult", label: `Utøver ${adultAges}, ${early}`, amount: formatKroner(facts.price.adultEarly), showBefore },
    );
  }
  lines.push(
    { key: "home-club", label: `Utøvere fra ${club.name}`, amount: "Gratis" },
    {
      key: "grading",
      label: `Cup-gradering (barn fra ${club.name} under ${settings.cupGradingBelowAge} år)`,
      amount: `+${formatKroner(settings.gradingFee)}`,
    },
    { key: "companion", label: "Ledsager som ikke er påmeldt som utøver (mat og overnatting)", amount: `+${formatKroner(settings.companionFee)}` },
  );
  if (settings.lateFee.enabled)
    lines.push({
      key: "late-fee",
      label: `Påmelding etter ${formatLongDate(facts.lateFeeAfter)} (ikke for utøvere fra ${club.name})`,
      amount: `+${formatKroner(settings.lateFee.amount)}`,
    });
  return lines;
}

/** Under the box: who pays what, in one sentence (the camp's page of prices says the same in its list). */
export function campWhoPaysSentence(edition: CampEdition): string {
  const { settings } = edition;
  return `Utøvere fra ${club.name} betaler ingenting for leiren – bare cup-graderingen, for barn som velger den. Ledsagere betaler ${formatKroner(settings.companionFee)} for mat og overnatting.`;
}
