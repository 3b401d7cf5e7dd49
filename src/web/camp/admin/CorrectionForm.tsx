import { useEffect, useId, useState, type FormEvent } from "react";
import { LeaderCorrectionSchema, type LeaderCorrection } from "../../../shared/camp/camp-registration-changes.ts";
import { gradeLabel, type Club, type Grade } from "../../../shared/camp/grades.ts";
import type { AdminPerson } from "../../../shared/camp/camp-lists.ts";
import { ledgerFigureLabels } from "../../../shared/camp/camp-ledger-labels.ts";
import { formatKroner } from "../../../shared/format.ts";
import { campAdminCalls } from "../../../shared/camp/camp-admin-calls.ts";
import { ApiError } from "../../lib/api-client.ts";
import { callApi } from "../../lib/call-api.ts";
import { getClubs, getGrades } from "../registration/registration-api.ts";

/**
 * «Rett påmeldingen»: the leader corrects the athlete's age, club, grade or grading with the wizard's
 * shared schema; the server applies the wizard's rules, charges or pays back the difference through the
 * ledger and mails the family. Only the fields that differ from the registration are sent.
 */
export function CorrectionForm({
  person,
  token,
  onChanged,
  onUnauthorised,
}: {
  person: AdminPerson;
  token: string;
  onChanged: () => Promise<void>;
  onUnauthorised: () => void;
}) {
  const id = useId();
  const [clubs, setClubs] = useState<Club[]>([]);
  const [grades, setGrades] = useState<Grade[]>([]);
  const [age, setAge] = useState(String(person.age));
  const [clubId, setClubId] = useState<number>();
  const [gradeId, setGradeId] = useState<number>();
  const [gradering, setGradering] = useState(person.gradering);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string }>();

  useEffect(() => {
    let current = true;
    void Promise.all([getClubs(), getGrades()]).then(
      ([loadedClubs, loadedGrades]) => {
        if (!current) return;
        setClubs(loadedClubs);
        setGrades(loadedGrades);
        setClubId(loadedClubs.find((club) => club.name === person.club)?.clubId);
        setGradeId(loadedGrades.find((grade) => gradeLabel(grade) === person.grade)?.gradeId);
      },
      () => current && setMessage({ ok: false, text: "Klarte ikke hente klubber og grader." }),
    );
    return () => {
      current = false;
    };
  }, [person.club, person.grade]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = LeaderCorrectionSchema.safeParse(wantedCorrection(person, { age, clubId, gradeId, gradering }, clubs, grades));
    if (!parsed.success) return setMessage({ ok: false, text: parsed.error.issues[0]?.message ?? "Sjekk feltene." });
    if (Object.keys(parsed.data).length === 0) return setMessage({ ok: false, text: "Ingenting er endret." });
    setBusy(true);
    setMessage(undefined);
    try {
      const outcome = await callApi(campAdminCalls.correct, { params: { registrationId: String(person.registrationId), token }, body: parsed.data });
      if (outcome.status === 401) return onUnauthorised();
      if (outcome.kind === "refused") return setMessage({ ok: false, text: outcome.error?.error ?? `Retting feilet (${outcome.status}).` });
      if (outcome.kind === "unreadable") throw new ApiError(outcome.detail, outcome.status);
      setMessage({ ok: true, text: correctedText(outcome.answer) });
      await onChanged();
    } catch (error) {
      setMessage({ ok: false, text: error instanceof ApiError ? error.detail : String(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="correction-form">
      <h3 id={`${id}-heading`}>Rett påmeldingen</h3>
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-age`}>Alder</label>
          <input id={`${id}-age`} type="number" inputMode="numeric" min={1} value={age} onChange={(event) => setAge(event.target.value)} />
        </div>
        <ClubAndGradeFields id={id} clubs={clubs} grades={grades} clubId={clubId} gradeId={gradeId} onClub={setClubId} onGrade={setGradeId} />
        <div className="correction-check">
          <input id={`${id}-grading`} type="checkbox" checked={gradering} onChange={(event) => setGradering(event.target.checked)} />
          <label htmlFor={`${id}-grading`}>Gradering</label>
        </div>
        <button type="submit" className="button secondary" disabled={busy}>
          {busy ? "Retter..." : "Rett påmeldingen"}
        </button>
      </form>
      <p role="status" className={message && !message.ok ? "form-error" : undefined}>
        {message?.text ?? ""}
      </p>
    </section>
  );
}

/** Only the fields that differ from the registration. */
function wantedCorrection(
  person: AdminPerson,
  { age, clubId, gradeId, gradering }: { age: string; clubId?: number; gradeId?: number; gradering: boolean },
  clubs: Club[],
  grades: Grade[],
): LeaderCorrection {
  return {
    ...(Number(age) !== person.age ? { age: Number(age) } : {}),
    ...(clubId !== undefined && clubs.find((club) => club.clubId === clubId)?.name !== person.club ? { clubId } : {}),
    ...(gradeId !== undefined && gradeLabel(grades.find((grade) => grade.gradeId === gradeId)!) !== person.grade ? { gradeId } : {}),
    ...(gradering !== person.gradering ? { gradering } : {}),
  };
}

/** What the leader is told after a correction: the new price, what is left to pay, and any money back. */
function correctedText(corrected: { total: number; outstanding: number; refund: number }): string {
  const money = [
    `Ny pris ${formatKroner(corrected.total)}`,
    `${ledgerFigureLabels.outstanding.toLocaleLowerCase("nb-NO")} ${formatKroner(corrected.outstanding)}`,
    ...(corrected.refund > 0 ? [`${formatKroner(corrected.refund)} tilbake`] : []),
  ];
  return `Påmeldingen er rettet og familien har fått e-post. ${money.join(", ")}.`;
}

/** The club and grade, chosen from the lists the registration uses. */
function ClubAndGradeFields({
  id,
  clubs,
  grades,
  clubId,
  gradeId,
  onClub,
  onGrade,
}: {
  id: string;
  clubs: Club[];
  grades: Grade[];
  clubId: number | undefined;
  gradeId: number | undefined;
  onClub: (clubId: number) => void;
  onGrade: (gradeId: number) => void;
}) {
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-club`}>Klubb</label>
        <select id={`${id}-club`} value={clubId ?? ""} onChange={(event) => onClub(Number(event.target.value))}>
          {clubs.map((club) => (
            <option key={club.clubId} value={club.clubId}>
              {club.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-grade`}>Grad</label>
        <select id={`${id}-grade`} value={gradeId ?? ""} onChange={(event) => onGrade(Number(event.target.value))}>
          {grades.map((grade) => (
            <option key={grade.gradeId} value={grade.gradeId}>
              {gradeLabel(grade)}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
