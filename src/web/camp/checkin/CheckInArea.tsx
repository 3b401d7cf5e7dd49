import { useCallback, useId, useRef, useState, type FormEvent } from "react";
import {
  campDayLabel,
  checkInMessages,
  normaliseCheckInCode,
  type CheckInActionKind,
  type DoorPaymentMethod,
} from "../../../shared/camp/camp-checkin.ts";
import { doorCodeHashInput, searchDoorList } from "../../../shared/camp/door-list.ts";
import { formatOsloClock } from "../../../shared/format.ts";
import { isUnauthorised, SignOutButton, type AdminSession } from "../../components/admin/AdminShell.tsx";
import { sha256Hex } from "../../components/admin/sha256.ts";
import { ApiError } from "../../lib/api-client.ts";
import { newActionId, type QueueStorage } from "../../components/door/action-queue.ts";
import { DoorArea, DoorResults, hitsHeading, type DoorNotice } from "../../components/door/DoorArea.tsx";
import { QrScanner } from "../../components/door/QrScanner.tsx";
import { useDoorActions } from "../../components/door/use-door-actions.ts";
import { useDoorList } from "../../components/door/use-door-list.ts";
import { getDoorList, lookUpCheckInCode, searchCheckIn, sendCheckInAction, type QueuedAction } from "./checkin-api.ts";
import { clearCampDoorDevice, doorLocalKeys, withEntry, type CampDoorListStore } from "./door-store.ts";
import { HitCard } from "./HitCard.tsx";
import { arrivedWithPending, withPending, type DoorHit } from "./pending-view.ts";

const noListOffline =
  "Fikk ikke kontakt med serveren, og lista over deltakere er ikke hentet til denne telefonen ennå. Åpne siden med nett én gang, så virker søk og QR-koder uten nett etterpå.";

/** The signed-in door: the day's counts, search by name or QR code (on the phone's list with no network), and each hit's actions. */
export function CheckInArea({
  session,
  storage: storageOption,
  listStore,
}: {
  session: AdminSession;
  storage?: QueueStorage<QueuedAction>;
  listStore: CampDoorListStore;
}) {
  const id = useId();
  const { token } = session;
  const [hits, setHits] = useState<DoorHit[]>([]);
  const [more, setMore] = useState(false);
  const [chosenDay, setDay] = useState<string>();
  const [query, setQuery] = useState("");
  const [code, setCode] = useState("");
  const [scanning, setScanning] = useState(false);
  const [notice, setNotice] = useState<DoorNotice>();
  const [problem, setProblem] = useState<string>();
  const [searched, setSearched] = useState(false);
  const [fromList, setFromList] = useState(false);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const { pending, add, refused, expire } = useDoorActions({
    session,
    keys: doorLocalKeys,
    storage: storageOption,
    send: sendCheckInAction,
    onSent: (_action, answer) => {
      setHits((current) => current.map((hit) => (hit.registrationId === answer.hit.registrationId ? answer.hit : hit)));
      update((current) => withEntry(current, answer.hit));
    },
    onRefused: setProblem,
  });
  const { list, update } = useDoorList(listStore, {
    fetchList: () => getDoorList(token),
    keepUntil: (kept) => kept.event.keepUntil,
    // After the camp nothing about it stays on the phone: the list and what waits.
    onExpired: () => void clearCampDoorDevice(listStore),
    onError: (error) => {
      if (isUnauthorised(error)) expire();
    },
  });
  const days = list?.event.days ?? [];
  const day = chosenDay && days.includes(chosenDay) ? chosenDay : list?.event.today;

  const show = (found: DoorHit[], hasMore = false, local = false) => {
    setHits(found);
    setMore(hasMore);
    setSearched(true);
    setFromList(local);
    requestAnimationFrame(() => resultsHeading.current?.focus());
  };
  const offline = (error: unknown) => error instanceof ApiError && error.status === undefined;
  const failed = (error: unknown) => {
    if (isUnauthorised(error)) expire();
    else setProblem(error instanceof ApiError && error.status === 400 ? checkInMessages.searchEmpty : "Noe gikk galt. Prøv igjen.");
  };
  const noNetwork = () => typeof navigator !== "undefined" && navigator.onLine === false;

  function searchList(words: string) {
    if (!list) return setProblem(noListOffline);
    const found = searchDoorList(list.entries, words);
    show(found.hits, found.more, true);
  }

  async function search(event: FormEvent) {
    event.preventDefault();
    setProblem(undefined);
    setNotice(undefined);
    const words = query.trim();
    if (words === "") return setProblem(checkInMessages.searchEmpty);
    // With no network the list on the phone answers; with one, the server (it knows who signed up a minute ago).
    if (noNetwork()) return searchList(words);
    try {
      const answer = await searchCheckIn(token, words);
      show(answer.hits, answer.more);
    } catch (error) {
      if (offline(error)) searchList(words);
      else failed(error);
    }
  }

  async function findCodeInList(normalised: string) {
    if (!list) return setProblem(noListOffline);
    const hash = await sha256Hex(doorCodeHashInput(normalised));
    const entry = list.entries.find((candidate) => candidate.codeHash === hash);
    if (!entry) return setProblem(checkInMessages.unknownCode);
    show([entry], false, true);
  }

  async function findCode(raw: string) {
    setScanning(false);
    setProblem(undefined);
    setNotice(undefined);
    const normalised = normaliseCheckInCode(raw);
    if (!normalised) return setProblem(checkInMessages.unknownCode);
    if (noNetwork()) return findCodeInList(normalised);
    try {
      show([await lookUpCheckInCode(token, normalised)]);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) setProblem(checkInMessages.unknownCode);
      else if (offline(error)) await findCodeInList(normalised);
      else failed(error);
    }
  }
  // The scanner keeps one callback while the camera runs; it calls the latest findCode.
  const findCodeNow = useRef(findCode);
  findCodeNow.current = findCode;
  const onScanned = useCallback((text: string) => void findCodeNow.current(text), []);

  function act(hit: DoorHit, kind: CheckInActionKind, personId: string, label: string, amount?: number, method?: DoorPaymentMethod, undoes?: string) {
    if (!day) return setProblem("Leirdagene er ikke hentet ennå. Vent til siden har nett, og prøv igjen.");
    setProblem(undefined);
    const action: QueuedAction = {
      actionId: newActionId(),
      kind,
      personId,
      day,
      registrationId: hit.registrationId,
      label,
      ...(amount !== undefined ? { amount } : {}),
      ...(method ? { method } : {}),
      ...(undoes ? { undoes } : {}),
    };
    add(action);
    setNotice({ ok: true, text: `${label}.` });
  }

  const today = list && day ? arrivedWithPending(list.entries, pending, day) : undefined;
  return (
    <DoorArea
      toolbar={
        <div className="admin-toolbar">
          <SignOutButton session={session} />
        </div>
      }
      statusHeading={{ text: "Status", hidden: true }}
      status={
        <>
          {list && day && (
            <div className="checkin-day">
              <label htmlFor={`${id}-day`}>Leirdag</label>
              <select id={`${id}-day`} value={day} onChange={(event) => setDay(event.target.value)}>
                {days.map((entry) => (
                  <option key={entry} value={entry}>
                    {campDayLabel(entry)}
                  </option>
                ))}
              </select>
            </div>
          )}
          {today && (
            <p className="checkin-count">
              Kommet: <strong>{today.arrived}</strong> av {today.expected}
              {today.waiting > 0 && <span className="checkin-waiting"> ({today.waiting} venter på nett)</span>}
            </p>
          )}
          {list && day && (
            <ul className="checkin-days" aria-label="Kommet per dag">
              {days.map((entry) => {
                const counted = arrivedWithPending(list.entries, pending, entry);
                return (
                  <li key={entry}>
                    {campDayLabel(entry)}: {counted.arrived} av {counted.expected}
                  </li>
                );
              })}
            </ul>
          )}
        </>
      }
      fetchedAt={list?.fetchedAt}
      waiting={pending.length}
      find={
        <section className="checkin-find" aria-label="Finn deltaker">
          <form role="search" onSubmit={search} className="checkin-search">
            <label htmlFor={`${id}-q`}>Søk etter navn eller klubb</label>
            <div className="checkin-row">
              <input
                id={`${id}-q`}
                type="search"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                autoComplete="off"
                enterKeyHint="search"
              />
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
              <input
                id={`${id}-code`}
                value={code}
                onChange={(event) => setCode(event.target.value)}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
              />
              <button type="submit" className="button secondary">
                Finn
              </button>
            </div>
          </form>
        </section>
      }
      notice={notice}
      problem={problem}
      refused={refused}
      refusedExplanation="Serveren sa nei til dette. Det er ikke ført, og lederen ser det i admin under «Avvist i døra»."
    >
      {searched && (
        <DoorResults
          id={`${id}-results`}
          heading={hitsHeading(hits.length)}
          headingRef={resultsHeading}
          notes={
            <>
              {fromList && list && (
                <p className="checkin-from-list">
                  Uten nett: søkt i lista på telefonen, hentet {formatOsloClock(new Date(list.fetchedAt), new Date())}.
                </p>
              )}
              {more && <p>Viser de første {hits.length}. Skriv mer av navnet for å finne færre.</p>}
            </>
          }
          cards={hits.map((hit) => ({
            key: hit.registrationId,
            card: <HitCard view={withPending(hit, pending)} day={day} onAct={(...args) => act(hit, ...args)} />,
          }))}
        />
      )}
    </DoorArea>
  );
}
