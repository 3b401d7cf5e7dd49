import { trainingTimes, type TrainingSession } from "../../../shared/club/club-facts.ts";
import "./groups.css";

/** One section's training times, straight from club-facts. */
export function TimesTable({ section, caption }: { section: TrainingSession["section"]; caption: string }) {
  const sessions = trainingTimes.filter((s) => s.section === section);
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
        {sessions.map((s) => (
          <tr key={`${s.group}-${s.days}`}>
            <th scope="row">{s.group}</th>
            <td>{s.days}</td>
            <td className="time">{s.time}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
