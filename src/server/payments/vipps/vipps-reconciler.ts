import type { FastifyBaseLogger } from "fastify";
import type { VippsPayments } from "./vipps-payments.ts";

/**
 * Runs the reconciliation (VippsPayments.reconcileOnce) every `intervalMs` and when kicked: every Vipps
 * payment that is not final and settled is looked up at Vipps until it is, so a lost webhook or a closed
 * browser never leaves a payment undecided. Rows are claimed with SKIP LOCKED, so several processes on
 * one PostgreSQL database share the work without doing a payment twice at the same time.
 */
export class VippsReconciler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(
    private readonly service: VippsPayments,
    private readonly options: { intervalMs: number; log: FastifyBaseLogger },
  ) {}

  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => this.kick(), this.options.intervalMs);
    this.timer.unref();
    this.kick();
  }

  get started() {
    return this.timer !== undefined;
  }

  kick(): void {
    if (this.stopped || !this.timer) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.loop().finally(() => {
      this.running = undefined;
    });
  }

  private async loop() {
    do {
      this.again = false;
      try {
        while (!this.stopped && (await this.service.reconcileOnce()) > 0) {
          // More may be due.
        }
      } catch (error) {
        this.options.log.error({ err: error instanceof Error ? error.message : String(error) }, "vipps reconciliation failed");
      }
    } while (this.again && !this.stopped);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
