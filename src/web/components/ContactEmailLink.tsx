import { useClubContact } from "../lib/site-content.tsx";

/** The club's general address as a mail link, as the club keeps it in «Nettsted». */
export function ContactEmailLink() {
  const { general } = useClubContact();
  return <a href={`mailto:${general}`}>{general}</a>;
}
