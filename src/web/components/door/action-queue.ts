import type { z } from "zod";
import { parseErrorBody } from "../../lib/api-client.ts";

/**
 * A door's actions wait here until the server has them: kept in the browser (localStorage), sent one at a
 * time in the order they were made, and removed only when the server has answered. An action that is sent
 * again after a lost answer keeps its action id, so the server carries it out once. The same queue serves
 * the camp's door and the events' door (docs/decisions/0040-one-offline-door.md); each says what its
 * actions hold and how one is sent.
 */

/** What every door's waiting action has: the id the server knows it by, and what the page says about it. */
export interface DoorQueuedAction {
  actionId: string;
  /** What the page says about it while it waits ("Sjekket inn Ola Nordmann"). */
  label: string;
}

export interface QueueStorage<A extends DoorQueuedAction> {
  load(): A[];
  save(actions: A[]): void;
}

export function localQueueStorage<A extends DoorQueuedAction>(key: string): QueueStorage<A> {
  return {
    load() {
      try {
        const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? "[]");
        return Array.isArray(parsed) ? (parsed as A[]) : [];
      } catch {
        return [];
      }
    },
    save(actions) {
      if (actions.length === 0) localStorage.removeItem(key);
      else localStorage.setItem(key, JSON.stringify(actions));
    },
  };
}

export type SendResult<Answer> =
  | { kind: "sent"; answer: Answer }
  /** The server said no for good (400, 404, 409): sending again would not help. */
  | { kind: "refused"; message: string }
  /** No answer, or a passing trouble (5xx): try again later with the same action id. */
  | { kind: "offline" }
  | { kind: "unauthorised" };

/** POSTs one door action; safe to send again with the same action id. */
export async function postDoorAction<Answer>(url: string, body: unknown, answerSchema: z.ZodType<Answer>): Promise<SendResult<Answer>> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
      cache: "no-store",
    });
    text = await response.text();
  } catch {
    return { kind: "offline" };
  }
  if (response.status === 401) return { kind: "unauthorised" };
  if (response.ok) {
    try {
      return { kind: "sent", answer: answerSchema.parse(JSON.parse(text)) };
    } catch {
      return { kind: "offline" };
    }
  }
  if (response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429) {
    return { kind: "refused", message: parseErrorBody(text)?.error ?? `Serveren svarte ${response.status}.` };
  }
  return { kind: "offline" };
}

export interface QueueEvents<A extends DoorQueuedAction, Answer> {
  onSent?: (action: A, answer: Answer) => void;
  onRefused?: (action: A, message: string) => void;
  onUnauthorised?: () => void;
  onChange?: (pending: A[]) => void;
}

export type QueueState = "idle" | "sending" | "waiting-for-network";

export class ActionQueue<A extends DoorQueuedAction, Answer> {
  private running: Promise<void> | undefined;
  private again = false;
  state: QueueState = "idle";

  constructor(
    private readonly storage: QueueStorage<A>,
    /** Sends one action as the server takes it (without what only the page needs, such as its label). */
    private readonly send: (action: A) => Promise<SendResult<Answer>>,
    private readonly events: QueueEvents<A, Answer> = {},
  ) {}

  pending(): A[] {
    return this.storage.load();
  }

  /** Keeps the action (before anything is sent), then tries to send what waits. */
  add(action: A): Promise<void> {
    this.storage.save([...this.storage.load(), action]);
    this.events.onChange?.(this.pending());
    return this.flush();
  }

  /** Removes the waiting actions `drop` picks (those of an event whose door has closed), unsent. */
  remove(drop: (action: A) => boolean): void {
    const kept = this.storage.load();
    const left = kept.filter((action) => !drop(action));
    if (left.length === kept.length) return;
    this.storage.save(left);
    this.events.onChange?.(left);
  }

  /** Sends what waits, one at a time; one run at a time (a call during a run makes it go round again). */
  flush(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.run().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async run(): Promise<void> {
    do {
      this.again = false;
      for (;;) {
        const [next] = this.storage.load();
        if (!next) {
          this.state = "idle";
          break;
        }
        this.state = "sending";
        const result = await this.send(next);
        if (result.kind === "offline") {
          this.state = "waiting-for-network";
          this.events.onChange?.(this.pending());
          return;
        }
        if (result.kind === "unauthorised") {
          this.state = "waiting-for-network";
          this.events.onUnauthorised?.();
          return;
        }
        this.storage.save(this.storage.load().filter((action) => action.actionId !== next.actionId));
        if (result.kind === "sent") this.events.onSent?.(next, result.answer);
        else this.events.onRefused?.(next, result.message);
        this.events.onChange?.(this.pending());
      }
    } while (this.again);
  }
}

/** A version 4 UUID from the browser's strong random source (also where crypto.randomUUID is missing: plain http). */
export function newActionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** "1 handling venter på nett", "2 handlinger venter på nett". */
export function waitingText(count: number): string {
  return `${count} ${count === 1 ? "handling" : "handlinger"} venter på nett`;
}
