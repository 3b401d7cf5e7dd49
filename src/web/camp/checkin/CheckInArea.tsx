import { useCallback, useId, useRef, useState, type ComponentProps, type FormEvent } from "react";
import { checkInMessages, normaliseCheckInCode, type CheckInActionKind, type DoorPaymentMethod } from "../../../shared/camp/camp-checkin.ts";
import { doorCodeHashInput, searchDoorList, type DoorList } from "../../../shared/camp/door-list.ts";
import { formatOsloClock } from "../../../shared/format.ts";
import { isUnauthorised, SignOutButton, type AdminSession } from "../../components/admin/AdminShell.tsx";
import { sha256Hex } from "../../components/admin/sha256.ts";
import { ApiError } from "../../lib/api-client.ts";
import { newActionId, type QueueStorage } from "../../components/door/action-queue.ts";
import { DoorArea, DoorResults, hitsHeading, type DoorNotice } from "../../components/door/DoorArea.tsx";
import { useDoorActions } from "../../components/door/use-door-actions.ts";
import { useDoorList } from "../../components/door/use-door-list.ts";
import { getDoorList, lookUpCheckInCode, searchCheckIn, sendCheckInAction, type QueuedAction } from "./checkin-api.ts";
import { clearCampDoorDevice, doorLocalKeys, withEntry, type CampDoorListStore } from "./door-store.ts";
import { HitCard } from "./HitCard.tsx";
import { withPending, type DoorHit } from "./pending-view.ts";
import { CheckInDayStatus } from "./CheckInDayStatus.tsx";
import { CheckInFind } from "./CheckInFind.tsx";

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
  const [chosenDay, setDay] = useState<string>();
  const [notice, setNotice] = useState<DoorNotice>();
  const [problem, setProblem] = useState<string>();
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

  const finding = useCheckInFinding({ token, list, expire, setHits, setProblem, setNotice });

  function act(hit: DoorHit, kind: CheckInActionKind, personId: string, label: string, amount?: number, method?: DoorPaymentMethod, undoes?: string) {
    if (!day) return setProblem("Leirdagene er ikke hentet ennå. Vent til siden har nett, og prøv igjen.");
    setProblem(undefined);
    add(queuedAction(hit, day, kind, personId, label, amount, method, undoes));
    setNotice({ ok: true, text: `${label}.` });
  }

  return (
    <DoorArea
      toolbar={
        <div className="admin-toolbar">
          <SignOutButton session={session} />
        </div>
      }
      statusHeading={{ text: "Status", hidden: true }}
      status={<CheckInDayStatus id={id} list={list} day={day} days={days} pending={pending} onDay={setDay} />}
      fetchedAt={list?.fetchedAt}
      waiting={pending.length}
      find={
        <CheckInFind
          id={id}
          query={finding.query}
          onQuery={finding.setQuery}
          onSearch={finding.search}
          scanning={finding.scanning}
          onScanning={finding.setScanning}
          onScanned={finding.onScanned}
          code={finding.code}
          onCode={finding.setCode}
          onFindCode={() => void finding.findCode(finding.code)}
        />
      }
      notice={notice}
      problem={problem}
      refused={refused}
      refusedExplanation="Serveren sa nei til dette. Det er ikke ført, og lederen ser det i admin under «Avvist i døra»."
    >
      {finding.searched && (
        <CheckInResults id={id} hits={hits} finding={finding} list={list} pending={pending} day={day} onAct={(hit, ...args) => act(hit, ...args)} />
      )}
    </DoorArea>
  );
}

/**
 * Finding participants at the door: by the server when there is a network, else on the phone's list; by name
 * or club, or by the QR code (scanned or typed). Answers what the results show and the handlers.
 */
function useCheckInFinding({
  token,
  list,
  expire,
  setHits,
  setProblem,
  setNotice,
}: {
  token: string;
  list: Pick<DoorList, "entries"> | undefined;
  expire: () => void;
  setHits: (hits: DoorHit[]) => void;
  setProblem: (problem: string | undefined) => void;
  setNotice: (notice: DoorNotice | undefined) => void;
}) {
  const [more, setMore] = useState(false);
  const [query, setQuery] = useState("");
  const [code, setCode] = useState("");
  const [scanning, setScanning] = useState(false);
  const [searched, setSearched] = useState(false);
  const [fromList, setFromList] = useState(false);
  const resultsHeading = useRef<HTMLHeadingElement>(null);

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

  return { more, searched, fromList, resultsHeading, query, setQuery, code, setCode, scanning, setScanning, search, findCode, onScanned };
}

/** The hits of a search or a code, each with its actions, and where they came from. */
function CheckInResults({
  id,
  hits,
  finding,
  list,
  pending,
  day,
  onAct,
}: {
  id: string;
  hits: DoorHit[];
  finding: Pick<ReturnType<typeof useCheckInFinding>, "resultsHeading" | "fromList" | "more">;
  list: { fetchedAt: string } | undefined;
  pending: readonly QueuedAction[];
  day: string | undefined;
  onAct: (hit: DoorHit, ...args: Parameters<ComponentProps<typeof HitCard>["onAct"]>) => void;
}) {
  return (
    <DoorResults
      id={`${id}-results`}
      heading={hitsHeading(hits.length)}
      headingRef={finding.resultsHeading}
      notes={
        <>
          {finding.fromList && list && (
            <p className="checkin-from-list">Uten nett: søkt i lista på telefonen, hentet {formatOsloClock(new Date(list.fetchedAt), new Date())}.</p>
          )}
          {finding.more && <p>Viser de første {hits.length}. Skriv mer av navnet for å finne færre.</p>}
        </>
      }
      cards={hits.map((hit) => ({
        key: hit.registrationId,
        card: <HitCard view={withPending(hit, pending)} day={day} onAct={(...args) => onAct(hit, ...args)} />,
      }))}
    />
  );
}

/** One action at the door, queued for the server with an id of its own. */
function queuedAction(
  hit: DoorHit,
  day: string,
  kind: CheckInActionKind,
  personId: string,
  label: string,
  amount?: number,
  method?: DoorPaymentMethod,
  undoes?: string,
): QueuedAction {
  return {
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
}
