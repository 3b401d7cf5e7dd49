import type { CSSProperties } from "react";
import { gradeLabel } from "../../../shared/camp/grades.ts";
import type { GradeStatistic } from "../../../shared/camp/camp-lists.ts";
import { getGradeStatistics } from "./participants-api.ts";
import { beltColours, beltFor } from "./belt-colours.ts";
import { useLoad } from "../../lib/use-load.ts";

/** The Beltegrader tab: how many of each belt are coming, cup grades first, then dan. */
export function GradeStatistics({ initial }: { initial?: GradeStatistic[] }) {
  const [state, retry] = useLoad(getGradeStatistics, initial);

  if (state.status === "loading") {
    return (
      <p className="loading" role="status">
        Laster...
      </p>
    );
  }
  if (state.status === "error") {
    return (
      <div className="load-failed" role="alert">
        <p>Feil: Klarte ikke hente grader.</p>
        <button type="button" className="button secondary" onClick={retry}>
          Prøv igjen
        </button>
      </div>
    );
  }

  const stats = [...state.data].sort((a, b) => a.grade.gradeId - b.grade.gradeId);
  const total = stats.reduce((sum, s) => sum + s.amount, 0);
  // One scale for both sections, so a bar in the cup chart compares with one in the dan chart.
  const max = Math.max(1, ...stats.map((s) => s.amount));
  const cup = stats.filter((s) => !s.grade.isDan);
  const dan = stats.filter((s) => s.grade.isDan);

  return (
    <>
      <p>
        Til sammen {total} {total === 1 ? "deltaker" : "deltakere"} er påmeldt. Alle telles med her, også de som ikke vises med navn.
      </p>
      {cup.length > 0 && <GradeSection title="Cup" stats={cup} max={max} />}
      {dan.length > 0 && <GradeSection title="Dan" stats={dan} max={max} />}
    </>
  );
}

function GradeSection({ title, stats, max }: { title: string; stats: GradeStatistic[]; max: number }) {
  const sum = stats.reduce((total, s) => total + s.amount, 0);
  return (
    <section className="grade-section" aria-labelledby={`grades-${title}`}>
      <h2 id={`grades-${title}`}>
        {title} <span className="grade-section-sum">({sum})</span>
      </h2>
      <ul className="grade-chart">
        {stats.map((s) => (
          <li key={s.grade.gradeId}>
            <span className="grade-name">{gradeLabel(s.grade)}</span>
            <span className="grade-bar-track" aria-hidden="true">
              <Belt name={s.grade.name} isDan={s.grade.isDan} width={(s.amount / max) * 100} />
            </span>
            <span className="grade-amount">
              {s.amount}
              <span className="visually-hidden"> {s.amount === 1 ? "deltaker" : "deltakere"}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Belt({ name, isDan, width }: { name: string; isDan: boolean; width: number }) {
  if (width === 0) return null;
  const belt = beltFor(name, isDan);
  const style: CSSProperties = { width: `${width}%`, background: beltColours[belt.base] };
  return (
    <span className={`grade-bar${belt.base === "white" ? " grade-bar-white" : ""}`} style={style}>
      {belt.stripe &&
        Array.from({ length: belt.stripe.count }, (_, i) => (
          <span
            key={i}
            className={`grade-stripe${belt.stripe!.thin || belt.stripe!.count > 1 ? " thin" : ""}`}
            style={{
              background: beltColours[belt.stripe!.colour],
              top: `${((i + 1) * 100) / (belt.stripe!.count + 1)}%`,
            }}
          />
        ))}
    </span>
  );
}
