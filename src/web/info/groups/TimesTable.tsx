import type { TrainingSession } from "../../../shared/site/site-content.ts";
import { useSiteContent } from "../../lib/site-content.tsx";
import "./groups.css";

/** One section's training times, as the club keeps them in «Nettsted». */
export function TimesTable({ section, caption }: { section: TrainingSession["section"]; caption: string }) {
  const sessions = useSiteContent().treningstider.sessions.filter((s) => s.section === section);
  if (sessions.length === 0) return <p>Ingen faste treninger akkurat nå. Følg med her, eller ta kontakt.</p>;
  return (
    <table className="data times-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Gruppe</th>
          <th scope="col">Dager</th>
          <th scope="col">Tid</th>
        </tr>
      </thead>
      <tbody>
        {sessions.map((s, index) => (
          <tr key={`${s.group}-${s.days}-${index}`}>
            <th scope="row">{s.group}</th>
            <td>{s.days}</td>
            <td className="time">{s.time}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
