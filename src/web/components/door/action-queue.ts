import type { CheckInAction } from "../../../shared/camp/camp-checkin.ts";
import type { SendResult } from "./checkin-api.ts";
import { doorLocalKeys } from "./door-store.ts";

/**
 * The door's actions wait here until the server has them: kept in the browser (localStorage), sent one
 * at a time in the order they were made, and removed only when the server has answered. An action that
 * is sent again after a lost answer keeps its action id, so the server carries it out once.
 */

export interface QueuedAction extends CheckInAction {
  day: string;
  registrationId: number;
  /** What the page says about it while it waits ("Sjekk inn Ola Nordmann"). */
  label: string;
}

export interface QueueStorage {
  load(): QueuedAction[];
  save(actions: QueuedAction[]): void;
}

export function localQueueStorage(key: string = doorLocalKeys.queue): QueueStorage {
  return {
    load() {
      try {
        const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? "[]");
        return Array.isArray(parsed) ? (parsed as QueuedAction[]) : [];
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

export interface QueueEvents {
  onSent?: (action: QueuedAction, result: Extract<SendResult, { kind: "sent" }>) => void;
  onRefused?: (action: QueuedAction, message: string) => void;
  onUnauthorised?: () => void;
  onChange?: (pending: QueuedAction[]) => void;
}

export type QueueState = "idle" | "sending" | "waiting-for-network";

export class ActionQueue {
  private running: Promise<void> | undefined;
  private again = false;
  state: QueueState = "idle";

  constructor(
    private readonly storage: QueueStorage,
    private readonly send: (action: CheckInAction) => Promise<SendResult>,
    private readonly events: QueueEvents = {},
  ) {}

  pending(): QueuedAction[] {
    return this.storage.load();
  }

  /** Keeps the action (before anything is sent), then tries to send what waits. */
  add(action: QueuedAction): Promise<void> {
    this.storage.save([...this.storage.load(), action]);
    this.events.onChange?.(this.pending());
    return this.flush();
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
        const { day, registrationId: _r, label: _l, ...rest } = next;
        const result = await this.send({ ...rest, day });
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
        if (result.kind === "sent") this.events.onSent?.(next, result);
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
