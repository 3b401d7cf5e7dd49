import type { SiteContent } from "./site-content.ts";

const general = "kontakt@skitaekwondo.no";

/**
 * The facts a fresh database starts with (the server stores them on its first start); from then on the club
 * edits them in «Nettsted». The parent contact and the whistle-blowing recipients fall back to the general
 * address until the club sets its own. Never put a private address here.
 */
export const seedSiteContent: SiteContent = {
  treningstider: {
    sessions: [
      { group: "Barn, nybegynnere", days: "Mandag og onsdag", time: "18:10–19:20", section: "barn" },
      { group: "Barn, viderekomne", days: "Mandag og onsdag", time: "18:00–19:15", section: "barn" },
      { group: "Barn, alle grupper", days: "Lørdag", time: "12:00–13:00", section: "barn" },
      { group: "Ungdom og voksne", days: "Tirsdag og torsdag", time: "18:00–19:30", section: "ungdomvoksen" },
      { group: "Rødt og sort belte", days: "Mandag og onsdag", time: "19:30–21:00", section: "ungdomvoksen" },
      { group: "Teknikktrening", days: "Tirsdag", time: "19:30–21:00", section: "ungdomvoksen" },
    ],
  },
  priser: {
    membership: {
      children: { perMonth: 410, ages: "8–12 år" },
      youthAdultMinAge: 12,
      youth: { perMonth: 480 },
      adult: { perMonth: 520 },
      familyDiscountPercent: 10,
      bindingMonths: 6,
      federationFee: 375,
      theoryBook: 299,
    },
    gym: { perMonth: 220, federationPerMonth: 5, yearlyFee: 375, minAge: 16 },
  },
  kontakt: {
    phone: "+47 988 06 519",
    general,
    leader: "leder@skitaekwondo.no",
    parents: general,
    sponsors: general,
    whistleblowing: ["leder@skitaekwondo.no", general],
    postal: "Postboks 441, 1401 Ski",
    hall: { street: "Industriveien 17", postcode: "1400", town: "Ski", landmark: "like ved Ski Bygg" },
  },
  samarbeidspartnere: {
    sponsors: [
      { name: "Follo Lås og Glass-Sikring AS", url: "https://follolas.no", trade: "Lås, glass og sikring", logo: null },
      { name: "Follo Rørleggerservice", url: "https://folloror.no", trade: "Rørleggertjenester", logo: null },
      { name: "Dytt.no", url: "https://dytt.no", trade: "Nettjenester", logo: null },
      { name: "Bingoland", url: "https://bingoland.no", trade: "Bingo og underholdning", logo: null },
      { name: "Don Pablos Pizza", url: "http://donpablos.no", trade: "Pizza og mat", logo: null },
      { name: "Bryn Trykkservice AS", url: "https://bryntrykkservice.no", trade: "Trykk og profilering", logo: null },
    ],
  },
  utstyr: {
    clubShop: { name: "Sport-X (Follo Sport)", url: "https://follosport.no/collections/ski-taekwondo-klubb", discountCode: "SKITKD" },
    kioskVippsNumber: "15550",
    others: [
      { name: "TTU Shop", url: "https://www.ttu.no/index.php?cat=162293" },
      { name: "Fighter", url: "https://www.fighter.no" },
    ],
  },
  forside: { notice: null },
  nyheter: { posts: [] },
};
