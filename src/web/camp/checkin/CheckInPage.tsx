import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from "react";
import type { Route } from "./+types/CheckInPage";
import { campDayLabel, CheckInCountsSchema, checkInMessages, normaliseCheckInCode, type CheckInActionKind, type DoorPaymentMethod, type CheckInCounts, type CheckInHit } from "../../../shared/camp/camp-checkin.ts";
import { club } from "../../../shared/club/club-facts.ts";
import { formatKroner } from "../../../shared/format.ts";
import { ledgerFigureLabels } from "../../../shared/camp/camp-ledger.ts";
import { paymentMethodLabel } from "../../../shared/camp/camp-state-labels.ts";
import { AdminShell, expiredMessage, isUnauthorised, SignOutButton, type AdminSession } from "../../components/admin/AdminShell.tsx";
import { sha256Hex } from "../../components/admin/sha256.ts";
import { ApiError } from "../../lib/api-client.ts";
import { campSignIn } from "../admin/camp-sign-in.ts";
import { campYearOfMatches, useCampYear } from "../../lib/camp-edition.tsx";
import { newActionId, type QueuedAction, type QueueStorage } from "./action-queue.ts";
import { getCheckInCounts, lookUpCheckInCode, searchCheckIn } from "./checkin-api.ts";
import { waitingText, withPending, type HitView } from "./pending-view.ts";
import { QrScanner } from "./QrScanner.tsx";
import { useActionQueue } from "./use-action-queue.ts";
import "../../components/admin/admin.css";
import "./checkin.css";

/** Rendered in the browser, like the camp admin: the server sends the loading view with the title. */
export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function meta({ matches }: Route.MetaArgs) {
  const title = `Innsjekking – vinterleiren ${campYearOfMatches(matches)} – ${club.name}`;
  return [{ title }, { name: "robots", content: "noindex" }, { name: "description", content: `Innsjekking på vinterleiren, for arrangørene i ${club.name}.` }];
}

const offlineSearch = "Fikk ikke kontakt med serveren. Søk trenger nett, men det du gjør med dem som alt vises, venter og sendes når nettet er tilbake.";

/** The check-in page at the camp door: phone first, works on a bad network (actions wait in the browser). */
export function CheckIn({ hash = sha256Hex, storage }: { hash?: (password: string) => Promise<string>; storage?: QueueStorage }) {
  const year = useCampYear();
  return (
    <AdminShell
      className="page checkin"
      title={`Innsjekking – vinterleiren ${year}`}
      {...campSignIn}
      hash={hash}
      intro="Innsjekkingen er for dem som står i døra på vinterleiren. Logg inn med leirens brukernavn og passord."
    >
      {(session) => <CheckInArea session={session} storage={storage} />}
    </AdminShell>
  );
}

type Notice = { ok: boolean; text: string };

/** The last counts (with the camp's days), so a page opened without a network still knows the days. */
const countsKey = "stk-innsjekk-dager";
function readCachedCounts(): CheckInCounts | undefined {
  try {
    const parsed = CheckInCountsSchema.safeParse(JSON.parse(localStorage.getItem(countsKey) ?? "null"));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
function cacheCounts(counts: CheckInCounts) {
  try {
    localStorage.setItem(countsKey, JSON.stringify(counts));
  } catch {
    // Storage full or blocked: the page works without the cache.
  }
}

function CheckInArea({ session, storage }: { session: AdminSession; storage?: QueueStorage }) {
  const id = useId();
  const { token, signOut } = session;
  const [hits, setHits] = useState<CheckInHit[]>([]);
  const [more, setMore] = useState(false);
  const [counts, setCounts] = useState<CheckInCounts | undefined>(readCachedCounts);
  const [day, setDay] = useState<string | undefined>(() => readCachedCounts()?.today);
  const [query, setQuery] = useState("");
  const [code, setCode] = useState("");
  const [scanning, setScanning] = useState(false);
  const [notice, setNotice] = useState<Notice>();
  const [problem, setProblem] = useState<string>();
  const [searched, setSearched] = useState(false);
  const resultsHeading = useRef<HTMLHeadingElement>(null);

  const loadCounts = useCallback(async () => {
    try {
      const next = await getCheckInCounts(token);
      setCounts(next);
      setDay((current) => (current && next.days.some((entry) => entry.day === current) ? current : next.today));
      cacheCounts(next);
    } catch (error) {
      if (isUnauthorised(error)) signOut(expiredMessage);
    }
  }, [token, signOut]);
  useEffect(() => {
    void loadCounts();
    // Opened without a network: the days come from the last visit, the counts follow when it is back.
    const again = () => void loadCounts();
    window.addEventListener("online", again);
    return () => window.removeEventListener("online", again);
  }, [loadCounts]);

  const { pending, add } = useActionQueue(
    token,
    {
      onSent: (_action, { answer }) => {
        setHits((current) => current.map((hit) => (hit.registrationId === answer.hit.registrationId ? answer.hit : hit)));
        void loadCounts();
      },
      onRefused: (action, message) => setProblem(`«${action.label}» ble ikke registrert: ${message}`),
      onUnauthorised: () => signOut(expiredMessage),
    },
    storage,
  );

  const show = (found: CheckInHit[], hasMore = false) => {
    setHits(found);
    setMore(hasMore);
    setSearched(true);
    requestAnimationFrame(() => resultsHeading.current?.focus());
  };
  const failed = (error: unknown) => {
    if (isUnauthorised(error)) signOut(expiredMessage);
    else if (error instanceof ApiError && error.status === undefined) setProblem(offlineSearch);
    else setProblem(error instanceof ApiError && error.status === 400 ? checkInMessages.searchEmpty : "Noe gikk galt. Prøv igjen.");
  };

  async function search(event: FormEvent) {
    event.preventDefault();
    setProblem(undefined);
    setNotice(undefined);
    if (query.trim() === "") return setProblem(checkInMessages.searchEmpty);
    try {
      const answer = await searchCheckIn(token, query.trim());
      show(answer.hits, answer.more);
    } catch (error) {
      failed(error);
    }
  }

  async function findCode(raw: string) {
    setScanning(false);
    setProblem(undefined);
    setNotice(undefined);
    const normalised = normaliseCheckInCode(raw);
    if (!normalised) return setProblem(checkInMessages.unknownCode);
    try {
      show([await lookUpCheckInCode(token, normalised)]);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) setProblem(checkInMessages.unknownCode);
      else failed(error);
    }
  }
  // The scanner keeps one callback while the camera runs; it calls the latest findCode.
  const findCodeNow = useRef(findCode);
  findCodeNow.current = findCode;
  const onScanned = useCallback((text: string) => void findCodeNow.current(text), []);

  function act(hit: CheckInHit, kind: CheckInActionKind, personId: string, label: string, amount?: number, method?: DoorPaymentMethod) {
    if (!day) return setProblem("Leirdagene er ikke hentet ennå. Vent til siden har nett, og prøv igjen.");
    setProblem(undefined);
    const action: QueuedAction = { actionId: newActionId(), kind, personId, day, registrationId: hit.registrationId, label, ...(amount !== undefined ? { amount } : {}), ...(method ? { method } : {}) };
    add(action);
    setNotice({ ok: true, text: `${label}.` });
  }

  const today = counts?.days.find((entry) => entry.day === day);
  return (
    <div className="checkin-area">
      <div className="admin-toolbar">
        <SignOutButton session={session} />
      </div>

      <section className="checkin-status" aria-labelledby={`${id}-status`}>
        <h2 id={`${id}-status`} className="visually-hidden">
          Status
        </h2>
        {counts && day && (
          <div className="checkin-day">
            <label htmlFor={`${id}-day`}>Leirdag</label>
            <select id={`${id}-day`} value={day} onChange={(event) => setDay(event.target.value)}>
              {counts.days.map((entry) => (
                <option key={entry.day} value={entry.day}>
                  {campDayLabel(entry.day)}
                </option>
              ))}
            </select>
          </div>
        )}
        {today && (
          <p className="checkin-count">
            Kommet: <strong>{today.arrived}</strong> av {today.expected}
          </p>
        )}
        {counts && (
          <ul className="checkin-days" aria-label="Kommet per dag">
            {counts.days.map((entry) => (
              <li key={entry.day}>
                {campDayLabel(entry.day)}: {entry.arrived} av {entry.expected}
              </li>
            ))}
          </ul>
        )}
        <p role="status" className={pending.length > 0 ? "checkin-queue waiting" : "checkin-queue"}>
          {pending.length > 0 ? waitingText(pending.length) : "Alt er sendt."}
        </p>
      </section>

      <section className="checkin-find" aria-label="Finn deltaker">
        <form role="search" onSubmit={search} className="checkin-search">
          <label htmlFor={`${id}-q`}>Søk etter navn eller klubb</label>
          <div className="checkin-row">
            <input id={`${id}-q`} type="search" value={query} onChange={(event) => setQuery(event.target.value)} autoComplete="off" enterKeyHint="search" />
            <button type="submit" className="button">
              Søk
            </button>
          </div>
        </form>
        <button type="button" className="button checkin-scan" aria-expanded={scanning} onClick={() => setScanning((open) => !open)}>
          Skann QR-kode
        </button>
        {scanning && <QrScanner onCode={onScanned} onClose={() => setScanning(false)} />}
        <form
          className="checkin-code"
          onSubmit={(event) => {
            event.preventDefault();
            void findCode(code);
          }}
        >
          <label htmlFor={`${id}-code`}>Eller skriv inn koden fra e-posten</label>
          <div className="checkin-row">
            <input id={`${id}-code`} value={code} onChange={(event) => setCode(event.target.value)} autoComplete="off" autoCapitalize="characters" spellCheck={false} />
            <button type="submit" className="button secondary">
              Finn
            </button>
          </div>
        </form>
      </section>

      <div role="status" className="action-result ok">
        {notice?.text ?? ""}
      </div>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}

      {searched && (
        <section aria-labelledby={`${id}-results`}>
          <h2 id={`${id}-results`} ref={resultsHeading} tabIndex={-1}>
            {hits.length === 0 ? "Ingen treff" : hits.length === 1 ? "1 treff" : `${hits.length} treff`}
          </h2>
          {more && <p>Viser de første {hits.length}. Skriv mer av navnet for å finne færre.</p>}
          <ul className="checkin-hits">
            {hits.map((hit) => (
              <li key={hit.registrationId}>
                <HitCard view={withPending(hit, pending)} day={day} onAct={(...args) => act(hit, ...args)} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function HitCard({ view, day, onAct }: { view: HitView; day: string | undefined; onAct: (kind: CheckInActionKind, personId: string, label: string, amount?: number, method?: DoorPaymentMethod) => void }) {
  const id = useId();
  const athlete = view.persons[0]!;
  const cancelled = view.status === "cancelled";

  return (
    <article className={cancelled ? "checkin-card cancelled" : "checkin-card"} aria-labelledby={`${id}-name`}>
      <h3 id={`${id}-name`}>{athlete.name}</h3>
      <p className="checkin-club">
        {view.club} · {view.orderId}
      </p>
      {cancelled && <p className="checkin-warning">Påmeldingen er avbestilt.</p>}
      {view.status === "pending_payment" && <p className="checkin-warning">Betalingen med Vipps ble ikke fullført.</p>}
      <dl className="checkin-money">
        <div>
          <dt>{ledgerFigureLabels.charged}</dt>
          <dd>{formatKroner(view.amount)}</dd>
        </div>
        <div>
          <dt>{ledgerFigureLabels.paid}</dt>
          <dd>{formatKroner(view.paid)}</dd>
        </div>
        <div className={view.outstanding > 0 ? "owing" : undefined}>
          <dt>{ledgerFigureLabels.outstanding}</dt>
          <dd>{formatKroner(view.outstanding)}</dd>
        </div>
      </dl>
      <ul className="checkin-persons">
        {view.persons.map((person) => {
          const here = day !== undefined && person.checkedIn.includes(day);
          const waiting = view.waitingPersons.has(person.personId);
          return (
            <li key={person.personId} className={here ? "here" : undefined}>
              <div className="checkin-person">
                <p className="checkin-person-name">
                  {person.name}
                  {person.isLedsager && <span className="checkin-tag">Ledsager</span>}
                </p>
                <p className="checkin-tags">
                  {person.grade && <span>{person.grade}</span>}
                  {person.gradering && <span className="checkin-tag">Gradering</span>}
                  {person.sleepover && <span className="checkin-tag">Overnatter</span>}
                  {person.vegan && <span className="checkin-tag">Vegansk</span>}
                  {person.allergy && <span className="checkin-tag allergy">Allergi – se kjøkkenlisten</span>}
                </p>
                {here && <p className="checkin-done">{waiting ? "Sjekket inn (venter på nett)" : "Sjekket inn"}</p>}
              </div>
              {!cancelled &&
                (here ? (
                  <button type="button" className="button secondary" onClick={() => onAct("undo-checkin", person.personId, `Angret innsjekking av ${person.name}`)}>
                    Angre<span className="visually-hidden"> innsjekking av {person.name}</span>
                  </button>
                ) : (
                  <button type="button" className="button" onClick={() => onAct("checkin", person.personId, `Sjekket inn ${person.name}`)}>
                    Sjekk inn<span className="visually-hidden"> {person.name}</span>
                  </button>
                ))}
            </li>
          );
        })}
      </ul>
      {view.doorPayments.length > 0 && (
        <div className="checkin-paid">
          <p>
            Betalt i døra: {view.doorPayments.map((payment) => formatKroner(payment.amount)).join(", ")}
            {view.waitingPayments > 0 && " (venter på nett)"}
          </p>
          <button type="button" className="button secondary" onClick={() => onAct("undo-payment", athlete.personId, `Angret betaling for ${athlete.name}`)}>
            Angre siste betaling<span className="visually-hidden"> for {athlete.name}</span>
          </button>
        </div>
      )}
      {!cancelled && view.outstanding > 0 && (
        // A new form (with what is left as its amount) each time the amount left changes.
        <PayForm
          key={view.outstanding}
          outstanding={view.outstanding}
          name={athlete.name}
          onPay={(kroner, method) => onAct("payment", athlete.personId, `Betalt ${formatKroner(kroner)} (${paymentMethodLabel(method)}) for ${athlete.name}`, kroner, method)}
        />
      )}
    </article>
  );
}

/**
 * The amount (what is left, or what the helper typed) and two choices, «Kort» and «Kontant», so the treasurer
 * can match the card terminal. Never more than is left: the server refuses it too.
 */
function PayForm({ outstanding, name, onPay }: { outstanding: number; name: string; onPay: (kroner: number, method: DoorPaymentMethod) => void }) {
  const id = useId();
  const [amount, setAmount] = useState(outstanding > 0 ? String(outstanding) : "");
  const [amountError, setAmountError] = useState<string>();
  // Which of the two buttons submitted the form (Enter in the field means «Kort»).
  const chosen = useRef<DoorPaymentMethod>("card");

  function pay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const method = chosen.current;
    const kroner = Number(amount.trim().replace(/\s|kr/g, "").replace(",", "."));
    if (!Number.isInteger(kroner) || kroner < 1 || kroner > 100_000) return setAmountError(checkInMessages.badAmount);
    if (kroner > outstanding) return setAmountError(checkInMessages.moreThanOutstanding(outstanding));
    setAmountError(undefined);
    onPay(kroner, method);
  }

  return (
    <form className="checkin-pay" onSubmit={pay} noValidate>
      <label htmlFor={`${id}-amount`}>Beløp (kr)</label>
      <div className="checkin-row">
        <input
          id={`${id}-amount`}
          inputMode="numeric"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          aria-invalid={amountError ? true : undefined}
          aria-describedby={amountError ? `${id}-amount-error` : undefined}
        />
        <button type="submit" className="button" onClick={() => (chosen.current = "card")}>
          Kort<span className="visually-hidden"> – betalt for {name}</span>
        </button>
        <button type="submit" className="button" onClick={() => (chosen.current = "cash")}>
          Kontant<span className="visually-hidden"> – betalt for {name}</span>
        </button>
      </div>
      {amountError && (
        <p id={`${id}-amount-error`} className="form-error">
          {amountError}
        </p>
      )}
    </form>
  );
}

export default function CheckInPage() {
  return <CheckIn />;
}
