// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ActionQueue, localQueueStorage, newActionId, waitingText, type DoorQueuedAction, type SendResult } from "./action-queue.ts";

/** A door's action as either door keeps it: an id, a label, and what the server is to do. */
interface TestAction extends DoorQueuedAction {
  kind: "checkin" | "undo-checkin" | "payment";
  personId: string;
  amount?: number;
}
type Answer = { actionId: string; duplicate: boolean };

const key = "stk-test-venter";
const storage = () => localQueueStorage<TestAction>(key);
const queued = (over: Partial<TestAction> = {}): TestAction => ({
  actionId: newActionId(),
  kind: "checkin",
  personId: "a1",
  label: "Sjekket inn Ola",
  ...over,
});

/** A server that is up or down; records each action it carried out, once per action id, like the real one. */
function fakeServer() {
  const server = {
    online: false,
    received: [] as TestAction[],
    carriedOut: new Set<string>(),
    send: vi.fn(async (action: TestAction): Promise<SendResult<Answer>> => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (!server.online) return { kind: "offline" };
      server.received.push(action);
      const duplicate = server.carriedOut.has(action.actionId);
      server.carriedOut.add(action.actionId);
      return { kind: "sent", answer: { actionId: action.actionId, duplicate } };
    }),
  };
  return server;
}

beforeEach(() => localStorage.clear());

describe("a door's queue of actions", () => {
  it("keeps an action made offline, says it waits, and sends it once when the network is back", async () => {
    const server = fakeServer();
    const onSent = vi.fn();
    const queue = new ActionQueue(storage(), server.send, { onSent });
    const action = queued({ kind: "payment", amount: 100 });
    await queue.add(action);
    expect(queue.pending()).toEqual([action]);
    expect(queue.state).toBe("waiting-for-network");
    server.online = true;
    await Promise.all([queue.flush(), queue.flush(), queue.flush()]);
    expect(queue.pending()).toEqual([]);
    expect(server.received.map((sent) => sent.actionId)).toEqual([action.actionId]);
    expect(server.received[0]).toEqual(action);
    expect(onSent).toHaveBeenCalledWith(action, { actionId: action.actionId, duplicate: false });
  });

  it("sends in the order the actions were made, and survives a reload of the page", async () => {
    const server = fakeServer();
    const first = queued({ kind: "checkin" });
    const second = queued({ kind: "undo-checkin" });
    const third = queued({ kind: "payment", amount: 50 });
    const before = new ActionQueue(storage(), server.send);
    await before.add(first);
    await before.add(second);
    await before.add(third);
    // The page is reloaded: a new queue reads what waits from the browser's storage.
    server.online = true;
    const after = new ActionQueue(storage(), server.send);
    expect(after.pending().map((action) => action.actionId)).toEqual([first.actionId, second.actionId, third.actionId]);
    await after.flush();
    expect(server.received.map((action) => action.actionId)).toEqual([first.actionId, second.actionId, third.actionId]);
    expect(after.pending()).toEqual([]);
  });

  it("sends an action again with the same id when the answer was lost, so the server does it once", async () => {
    const server = fakeServer();
    server.online = true;
    let loseAnswer = true;
    const send = async (action: TestAction): Promise<SendResult<Answer>> => {
      const result = await server.send(action);
      if (loseAnswer) {
        loseAnswer = false;
        return { kind: "offline" };
      }
      return result;
    };
    const queue = new ActionQueue(storage(), send);
    const action = queued();
    await queue.add(action);
    expect(queue.pending()).toHaveLength(1);
    await queue.flush();
    expect(server.received.map((sent) => sent.actionId)).toEqual([action.actionId, action.actionId]);
    expect(server.carriedOut.size).toBe(1);
    expect(queue.pending()).toEqual([]);
  });

  it("drops an action the server refuses for good and says why; keeps everything when the login has run out", async () => {
    const onRefused = vi.fn();
    const onUnauthorised = vi.fn();
    const answers: SendResult<Answer>[] = [{ kind: "refused", message: "Påmeldingen er avbestilt." }, { kind: "unauthorised" }];
    const queue = new ActionQueue(storage(), async () => answers.shift()!, { onRefused, onUnauthorised });
    const refused = queued();
    const waiting = queued();
    storage().save([refused, waiting]);
    await queue.flush();
    expect(onRefused).toHaveBeenCalledWith(refused, "Påmeldingen er avbestilt.");
    expect(onUnauthorised).toHaveBeenCalledTimes(1);
    expect(queue.pending()).toEqual([waiting]);
  });

  it("drops the waiting actions of a door that has closed, unsent, and keeps the others in their order", async () => {
    const server = fakeServer();
    const onChange = vi.fn();
    const queue = new ActionQueue(storage(), server.send, { onChange });
    const [first, closed, last] = [queued({ personId: "a1" }), queued({ personId: "a2" }), queued({ personId: "a3" })];
    for (const action of [first, closed, last]) await queue.add(action);
    queue.remove((action) => action.personId === "a2");
    expect(queue.pending()).toEqual([first, last]);
    expect(onChange).toHaveBeenLastCalledWith([first, last]);
    server.online = true;
    await queue.flush();
    expect(server.received.map((action) => action.personId)).toEqual(["a1", "a3"]);
    expect(localStorage.getItem(key)).toBeNull();
  });

  it("says how many wait", () => {
    expect([waitingText(1), waitingText(2)]).toEqual(["1 handling venter på nett", "2 handlinger venter på nett"]);
  });

  it("makes version 4 UUIDs", () => {
    const ids = new Set(Array.from({ length: 100 }, newActionId));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
