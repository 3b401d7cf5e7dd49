import type { Logger } from "../log.ts";
import { describeForLog } from "../errors.ts";

export interface PeriodicJobOptions<T> {
  /** One pass. `signal` is aborted by `stop()`: a pass that loops over batches stops between them. */
  run: (signal: AbortSignal) => Promise<T>;
  /** How often a pass runs once started. */
  intervalMs: number;
  log: Pick<Logger, "warn" | "error">;
  /** The log line of a failed pass (the error goes beside it, without query parameters). */
  failureMessage: string;
  failureLevel?: "warn" | "error";
  /** When true, `kick()` does nothing until `start()` (tests that run the passes themselves). Default false. */
  idleUntilStarted?: boolean;
}

/**
 * A background job of the server: a pass now and every `intervalMs` after `start()`, and soon after each
 * `kick()`. Never two passes at once in one process: a kick during a pass runs one more right after it
 * (however many kicks came). A failed pass is logged and the next one tries again; nothing it throws
 * reaches the process. `stop()` (on the app's close) ends the timer and waits for the running pass.
 */
export class PeriodicJob<T = void> {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<T | undefined> | undefined;
  private again = false;
  private stopped = false;
  private readonly stopping = new AbortController();

  constructor(private readonly options: PeriodicJobOptions<T>) {}

  get started(): boolean {
    return this.timer !== undefined;
  }

  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => this.kick(), this.options.intervalMs);
    this.timer.unref();
    this.kick();
  }

  /** A pass now, or one more right after the running one (something it looks for may have just changed). */
  kick(): void {
    if (this.stopped || (this.options.idleUntilStarted && !this.timer)) return;
    if (this.running) {
      this.again = true;
      return;
    }
    void this.loop();
  }

  /**
   * Waits for the running pass, then runs one more and waits for it (and for any it was kicked into);
   * answers the last pass's result, undefined when it failed or the job is stopped.
   */
  async runOnce(): Promise<T | undefined> {
    while (this.running) await this.running;
    if (this.stopped) return undefined;
    return this.loop();
  }

  /** `runOnce` without its result: after this, every change made before the call has been seen by a pass. */
  async drain(): Promise<void> {
    await this.runOnce();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.stopping.abort();
    while (this.running) await this.running;
  }

  /** Marks the job running before the first pass starts, so a kick from inside a pass only asks for one more. */
  private loop(): Promise<T | undefined> {
    let finish!: (result: T | undefined) => void;
    const running = new Promise<T | undefined>((resolve) => (finish = resolve));
    this.running = running;
    const done = (result: T | undefined) => {
      this.running = undefined;
      finish(result);
    };
    this.passes().then(done, () => done(undefined));
    return running;
  }

  private async passes(): Promise<T | undefined> {
    let result: T | undefined;
    do {
      this.again = false;
      result = await this.pass();
    } while (this.again && !this.stopped);
    return result;
  }

  private async pass(): Promise<T | undefined> {
    const { run, log, failureMessage, failureLevel = "warn" } = this.options;
    try {
      return await run(this.stopping.signal);
    } catch (error) {
      log[failureLevel]({ err: describeForLog(error) }, failureMessage);
      return undefined;
    }
  }
}
