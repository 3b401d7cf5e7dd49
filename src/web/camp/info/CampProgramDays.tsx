import type { ProgramDay } from "../../../shared/camp/camp-program.ts";
import { dayHeading, programTime } from "../../../shared/camp/camp-texts.ts";

/** The program, one table per camp day; shared by the schedule page and the printable program. */
export function CampProgramDays({ days, headingLevel }: { days: ProgramDay[]; headingLevel: "h2" | "h3" }) {
  const Heading = headingLevel;
  return (
    <>
      {days.map((day) => {
        const heading = dayHeading(day.date);
        return (
          <section key={heading} className="camp-day">
            <Heading>{heading}</Heading>
            <table className="data camp-program">
              <thead>
                <tr>
                  <th scope="col">Tid</th>
                  <th scope="col">Aktivitet</th>
                </tr>
              </thead>
              <tbody>
                {day.items.map((item) => (
                  <tr key={`${item.from}-${item.what}`}>
                    <td className="camp-time">{programTime(item)}</td>
                    <td>
                      {item.what}
                      {item.where && <span className="camp-where">{item.where}</span>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        );
      })}
    </>
  );
}
