/**
 * Facts about the club that do not change from season to season: its name, history and registration. The
 * facts the club edits (training times, prices, contact addresses, sponsors, equipment, notices, news) are
 * data: src/shared/site/site-content.ts, with the values a fresh database starts with in
 * site-content-seed.ts.
 */
export const club = {
  name: "Ski Taekwondo Klubb",
  founded: 1978,
  founders: ["Tien Ton That", "Pablo Lopez"],
  leader: "mester Svein Andersstuen, 8. dan",
  masters: ["Svein Andersstuen", "Tom Lasse Karlsen"],
  orgNumber: "971 255 145",
  bankAccount: "5010.05.37211",
  web: "https://skitaekwondo.no",
  facebook: "https://www.facebook.com/SkiTaekwondoKlubb",
  union: { name: "TTU – Traditional Taekwondo Union", url: "https://www.ttu.no/", founder: "stormester Cho Woon Sup" },
} as const;

/** The hall on a map, from its address as the club keeps it. */
export function mapUrlOf(hall: { street: string; postcode: string; town: string }): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(`${hall.street}, ${hall.postcode} ${hall.town}`)}`;
}

export const syllabusLinks = {
  clubPdf: "/dokumenter/ski-tkd-pensum.pdf",
  cup: "https://www.ttu.no/cup-pensum.414084.no.html",
  dan: "https://www.ttu.no/dan-pensum.414086.no.html",
} as const;
