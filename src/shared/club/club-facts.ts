/**
 * Facts about the club that the pages show. One place for every address, price and time, so the
 * volunteers who keep the site up to date change a fact once.
 */
export const club = {
  name: "Ski Taekwondo Klubb",
  founded: 1978,
  founders: ["Tien Ton That", "Pablo Lopez"],
  leader: "mester Svein Andersstuen, 8. dan",
  masters: ["Svein Andersstuen", "Tom Lasse Karlsen"],
  orgNumber: "971 255 145",
  phone: "+47 988 06 519",
  bankAccount: "5010.05.37211",
  hall: { street: "Industriveien 17", postcode: "1400", town: "Ski", landmark: "like ved Ski Bygg" },
  postal: "Postboks 441, 1401 Ski",
  web: "https://skitaekwondo.no",
  facebook: "https://www.facebook.com/SkiTaekwondoKlubb",
  union: { name: "TTU – Traditional Taekwondo Union", url: "https://www.ttu.no/", founder: "stormester Cho Woon Sup" },
} as const;

const general = "kontakt@skitaekwondo.no";

/**
 * E-mail addresses. The parent contact and the whistle-blowing recipients are the club's to set; until
 * it does, they fall back to the general address. Never put a private address here.
 */
export const contactEmails = {
  general,
  leader: "leder@skitaekwondo.no",
  parents: general,
  sponsors: general,
  whistleblowing: ["leder@skitaekwondo.no", general],
} as const;

export const mapUrl =
  "https://www.openstreetmap.org/search?query=Industriveien%2017%2C%201400%20Ski";

export interface TrainingSession {
  group: string;
  days: string;
  time: string;
  /** Which section's page lists it. */
  section: "barn" | "ungdomvoksen";
}

export const trainingTimes: TrainingSession[] = [
  { group: "Barn, nybegynnere", days: "Mandag og onsdag", time: "18:10–19:20", section: "barn" },
  { group: "Barn, viderekomne", days: "Mandag og onsdag", time: "18:00–19:15", section: "barn" },
  { group: "Barn, alle grupper", days: "Lørdag", time: "12:00–13:00", section: "barn" },
  { group: "Ungdom og voksne", days: "Tirsdag og torsdag", time: "18:00–19:30", section: "ungdomvoksen" },
  { group: "Rødt og sort belte", days: "Mandag og onsdag", time: "19:30–21:00", section: "ungdomvoksen" },
  { group: "Teknikktrening", days: "Tirsdag", time: "19:30–21:00", section: "ungdomvoksen" },
];

export const membershipPrices = {
  children: { perMonth: 410, ages: "8–12 år" },
  /** Youth and adults train together from this age, whatever their experience. */
  youthAdultMinAge: 12,
  youth: { perMonth: 480 },
  adult: { perMonth: 520 },
  familyDiscountPercent: 10,
  bindingMonths: 6,
  federationFee: 375,
  theoryBook: 299,
} as const;

export const gymRoom = {
  perMonth: 220,
  federationPerMonth: 5,
  yearlyFee: 375,
  minAge: 16,
} as const;

export interface Sponsor {
  name: string;
  url: string;
  /** A few words on what the firm does, set under the name on its card. */
  trade: string;
}

export const sponsors: Sponsor[] = [
  { name: "Follo Lås og Glass-Sikring AS", url: "https://follolas.no", trade: "Lås, glass og sikring" },
  { name: "Follo Rørleggerservice", url: "https://folloror.no", trade: "Rørleggertjenester" },
  { name: "Dytt.no", url: "https://dytt.no", trade: "Nettjenester" },
  { name: "Bingoland", url: "https://bingoland.no", trade: "Bingo og underholdning" },
  { name: "Don Pablos Pizza", url: "http://donpablos.no", trade: "Pizza og mat" },
  { name: "Bryn Trykkservice AS", url: "https://bryntrykkservice.no", trade: "Trykk og profilering" },
];

export const shops = {
  clubShop: {
    name: "Sport-X (Follo Sport)",
    url: "https://follosport.no/collections/ski-taekwondo-klubb",
    discountCode: "SKITKD",
  },
  kioskVippsNumber: "15550",
  others: [
    { name: "TTU Shop", url: "https://www.ttu.no/index.php?cat=162293" },
    { name: "Fighter", url: "https://www.fighter.no" },
  ],
} as const;

export const syllabusLinks = {
  clubPdf: "/dokumenter/ski-tkd-pensum.pdf",
  cup: "https://www.ttu.no/cup-pensum.414084.no.html",
  dan: "https://www.ttu.no/dan-pensum.414086.no.html",
} as const;
