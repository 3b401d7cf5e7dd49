import { useCallback, useState } from "react";
import type { Route } from "./+types/EventAdminPage";
import { club } from "../../shared/club/club-facts.ts";
import type { AdminEvent, AdminParticipant } from "../../shared/events/event-api.ts";
import { eventOrderStatusLabels } from "../../shared/events/event-api.ts";
import { eventKindLabels, gradingDefaults, type EventKind } from "../../shared/events/event-definition.ts";
import { eventStateLabels } from "../../shared/events/event-rules.ts";
import { eventDaysText } from "../../shared/events/event-texts.ts";
import { examinerGroups } from "../../shared/events/examiner-list.ts";
import { formatKroner } from "../../shared/format.ts";
import { AdminShell, useAdminData, AdminLoading, SignOutButton, type AdminSession } from "../components/admin/AdminShell.tsx";
import { clubSignIn } from "../components/admin/club-sign-in.ts";
import { LoadFailedBoundary } from "../components/admin/LoadFailedBoundary.tsx";
import { sha256Hex } from "../components/admin/sha256.ts";
import { copyEvent, eventXlsxPath, getAdminEvents, getEventParticipants, publishEvent, putEvent, type AdminWriteResult } from "./event-admin-api.ts";
import "../components/admin/admin.css";
import "./events.css";

export function meta(_args: Route.MetaArgs) {
  return [{ title: `Arrangementer – administrasjon – ${club.name}` }, { name: "robots", content: "noindex" }];
}

const newLabels: Record<EventKind, string> = { gradering: "Ny gradering", kurs: "Nytt kurs", salg: "Nytt salg av klubbtøy" };
const phaseLabels: Record<AdminEvent["phase"], string> = { upcoming: "Kommer", running: "Pågår", past: "Ferdig" };

/** A new event's starting point per kind (a grading starts from the cup-grading rules). */
function template(kind: EventKind): Record<string, unknown> {
  const common = {
    title: "",
    firstDay: "",
    lastDay: "",
    venue: "",
    description: "",
    registrationOpensAt: "",
    registrationClosesAt: "",
    capacity: null,
  };
  if (kind === "gradering") return { kind, ...common, ...gradingDefaults };
  if (kind === "kurs") return { kind, ...common, price: 0, priceBands: [], sleepover: false, questions: [] };
  return {
    kind,
    ...common,
    items: [
      {
        id: "t-skjorte",
        name: "T-skjorte",
        price: 200,
        variants: [
          { id: "S", stock: 10 },
          { id: "M", stock: 10 },
        ],
      },
    ],
    pickUpPlace: "",
    pickUpTime: "",
  };
}

/**
 * /arrangementer/admin: the club's events in one list (the winter camps too, edited in «Leirer»), one opened
 * at a time: edit its definition, publish, copy to a new date, see who is coming, print the examiner's list
 * or download Excel. Changes are for a `leder`; the server refuses the others.
 */
export function EventAdmin({ hash = sha256Hex }: { hash?: (password: string) => Promise<string> }) {
  return (
    <AdminShell
      className="page page-wide admin-area event-admin"
      title="Arrangementer – administrasjon"
      {...clubSignIn}
      hash={hash}
      intro="Her lager og endrer lederne graderinger, kurs og salg av klubbtøy."
    >
      {(session) => (
        <LoadFailedBoundary>
          <EventAdminArea session={session} />
        </LoadFailedBoundary>
      )}
    </AdminShell>
  );
}

export default function EventAdminPage() {
  return <EventAdmin />;
}

function EventAdminArea({ session }: { session: AdminSession }) {
  const { data: events, load } = useAdminData(session, getAdminEvents, "Fikk ikke hentet arrangementene.");
  const [open, setOpen] = useState<string>();
  const [editing, setEditing] = useState<{ slug: string; text: string; isNew: boolean }>();
  const [result, setResult] = useState<string>();

  const report = useCallback(
    async (action: Promise<AdminWriteResult>, done: string) => {
      const outcome = await action.catch((error: unknown) => {
        session.signOut(error instanceof Error ? error.message : undefined);
        return undefined;
      });
      if (!outcome) return false;
      setResult(outcome.ok ? done : [outcome.message, ...outcome.issues.map((issue) => `${issue.path}: ${issue.message}`)].join(" "));
      if (outcome.ok) await load();
      return outcome.ok;
    },
    [load, session],
  );

  if (!events) return <AdminLoading text="Henter arrangementene …">{<SignOutButton session={session} />}</AdminLoading>;
  const chosen = events.find((event) => event.slug === open);

  return (
    <>
      <div className="no-print button-row">
        {(["gradering", "kurs", "salg"] as const).map((kind) => (
          <button
            key={kind}
            type="button"
            className="button secondary"
            onClick={() => setEditing({ slug: "", text: JSON.stringify(template(kind), null, 2), isNew: true })}
          >
            {newLabels[kind]}
          </button>
        ))}
        <SignOutButton session={session} />
      </div>
      {result && (
        <p role="status" className="no-print">
          {result}
        </p>
      )}
      {editing && (
        <form
          className="no-print event-form"
          onSubmit={(formEvent) => {
            formEvent.preventDefault();
            let definition: unknown;
            try {
              definition = JSON.parse(editing.text);
            } catch {
              setResult("Teksten er ikke gyldig JSON.");
              return;
            }
            void report(putEvent(editing.slug, definition, session.token), "Lagret.").then((ok) => ok && setEditing(undefined));
          }}
        >
          <label htmlFor="event-slug">Adresse (/arrangementer/…)</label>
          <input
            id="event-slug"
            type="text"
            value={editing.slug}
            readOnly={!editing.isNew}
            onChange={(change) => setEditing({ ...editing, slug: change.target.value })}
          />
          <label htmlFor="event-definition">Arrangementet (datoer ÅÅÅÅ-MM-DD, tidspunkter med tidssone)</label>
          <textarea id="event-definition" value={editing.text} onChange={(change) => setEditing({ ...editing, text: change.target.value })} />
          <div className="button-row">
            <button type="button" className="button secondary" onClick={() => setEditing(undefined)}>
              Avbryt
            </button>
            <button type="submit" className="button">
              Lagre
            </button>
          </div>
        </form>
      )}
      <table className="no-print">
        <caption className="visually-hidden">Alle arrangementer</caption>
        <thead>
          <tr>
            <th scope="col">Arrangement</th>
            <th scope="col">Dager</th>
            <th scope="col">Status</th>
            <th scope="col">Påmeldt</th>
            <th scope="col">Handling</th>
          </tr>
        </thead>
        <tbody>
          {events.map((event) => (
            <tr key={event.slug}>
              <td>
                {eventKindLabels[event.kind]}: {event.title}
                <br />
                <small>{event.slug}</small>
              </td>
              <td>{eventDaysText(event.firstDay, event.lastDay)}</td>
              <td>
                {phaseLabels[event.phase]}
                {event.state ? `, ${eventStateLabels[event.state].toLowerCase()}` : ""}
                {event.published ? "" : " (ikke publisert)"}
              </td>
              <td>
                {event.participants}
                {event.waiting > 0 ? ` (+${event.waiting} på venteliste)` : ""}
              </td>
              <td>
                {event.kind === "vinterleir" ? (
                  <a href="/vinterleir/deltakere/admin">Åpne i leir-admin</a>
                ) : (
                  <div className="button-row">
                    <button type="button" className="button secondary" onClick={() => setOpen(event.slug)}>
                      Deltakere<span className="visually-hidden">: {event.title}</span>
                    </button>
                    <button
                      type="button"
                      className="button secondary"
                      onClick={() => setEditing({ slug: event.slug, text: JSON.stringify(event.definition, null, 2), isNew: false })}
                    >
                      Endre<span className="visually-hidden">: {event.title}</span>
                    </button>
                    {!event.published && (
                      <button
                        type="button"
                        className="button"
                        onClick={() => void report(publishEvent(event.slug, session.token), `«${event.title}» er publisert.`)}
                      >
                        Publiser<span className="visually-hidden">: {event.title}</span>
                      </button>
                    )}
                    <CopyButton
                      event={event}
                      onCopy={(toSlug) =>
                        void report(
                          copyEvent(event.slug, toSlug, 52, session.token),
                          `Kopiert til ${toSlug}, 52 uker senere. Endre det som er annerledes, og publiser.`,
                        )
                      }
                    />
                  </div>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {chosen && chosen.kind !== "vinterleir" && <ParticipantArea key={chosen.slug} event={chosen} session={session} />}
    </>
  );
}

function CopyButton({ event, onCopy }: { event: AdminEvent; onCopy: (toSlug: string) => void }) {
  const [slug, setSlug] = useState<string>();
  if (slug === undefined) {
    return (
      <button type="button" className="button secondary" onClick={() => setSlug(`${event.slug}-kopi`)}>
        Kopier fra denne<span className="visually-hidden">: {event.title}</span>
      </button>
    );
  }
  return (
    <form
      onSubmit={(formEvent) => {
        formEvent.preventDefault();
        onCopy(slug);
        setSlug(undefined);
      }}
    >
      <label htmlFor={`copy-${event.slug}`}>Ny adresse</label>
      <input id={`copy-${event.slug}`} type="text" value={slug} onChange={(change) => setSlug(change.target.value)} />
      <button type="submit" className="button">
        Kopier
      </button>
    </form>
  );
}

function ParticipantArea({ event, session }: { event: AdminEvent; session: AdminSession }) {
  const fetchList = useCallback((token: string) => getEventParticipants(event.slug, token), [event.slug]);
  const { data: rows } = useAdminData(session, fetchList, "Fikk ikke hentet deltakerne.");
  if (!rows) return <p role="status">Henter deltakerne …</p>;
  const questions = rows[0] ? Object.keys(rows[0].answers) : [];
  return (
    <section aria-labelledby="participants-heading">
      <h2 id="participants-heading">
        {event.title}: {event.kind === "salg" ? "bestillinger" : "deltakere"}
      </h2>
      <p className="no-print button-row">
        <a className="button secondary" href={eventXlsxPath(event.slug, session.token)}>
          Last ned Excel
        </a>
        {event.kind === "gradering" && (
          <button type="button" className="button secondary" onClick={() => window.print()}>
            Skriv ut sensorlisten
          </button>
        )}
      </p>
      <table className={event.kind === "gradering" ? "no-print" : undefined}>
        <thead>
          <tr>
            <th scope="col">{event.kind === "salg" ? "Bestilt av" : "Navn"}</th>
            <th scope="col">{event.kind === "salg" ? "Vare" : "Alder, klubb, grad"}</th>
            {questions.map((question) => (
              <th scope="col" key={question}>
                {question}
              </th>
            ))}
            <th scope="col">Status</th>
            <th scope="col">Ordre</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row: AdminParticipant, index) => (
            <tr key={`${row.orderId}-${index}`}>
              <td>{row.name}</td>
              <td>{row.item ?? `${row.age} år, ${row.club ?? ""}, ${row.grade ?? ""}`}</td>
              {questions.map((question) => (
                <td key={question}>{row.answers[question]}</td>
              ))}
              <td>{eventOrderStatusLabels[row.status]}</td>
              <td>
                {row.orderId}: {formatKroner(row.charged)}, betalt {formatKroner(row.paid)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {event.kind === "gradering" && (
        <div className="examiner-list">
          <h2>Sensorliste</h2>
          {examinerGroups(rows).map((group) => (
            <section key={group.gradeId} className="examiner-grade">
              <h3>
                {group.grade} ({group.rows.length})
              </h3>
              <ol>
                {group.rows.map((row, index) => (
                  <li key={`${row.orderId}-${index}`}>
                    {row.name}, {row.age} år, {row.club}
                  </li>
                ))}
              </ol>
            </section>
          ))}
        </div>
      )}
    </section>
  );
}
