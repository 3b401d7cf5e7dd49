import type { Logger } from "../../log.ts";
import { PeriodicJob } from "../../jobs/periodic-job.ts";
import type { VippsPayments } from "./vipps-payments.ts";

/**
 * The one Vipps reconciliation job, for the camp's registrations and the events' orders alike: runs
 * VippsPayments.reconcileOnce every `intervalMs` and when kicked, so every Vipps payment that is not final and
 * settled is looked up at Vipps until it is, and a lost webhook or a closed browser never leaves a payment
 * undecided. Rows are claimed with a lease and SKIP LOCKED, so several processes on one PostgreSQL database
 * share the work without doing a payment twice at the same time. Kicks do nothing until it is started (tests
 * that do not start it reconcile themselves).
 */
export class VippsReconciler extends PeriodicJob {
  constructor(service: VippsPayments, options: { intervalMs: number; log: Logger }) {
    super({
      intervalMs: options.intervalMs,
      log: options.log,
      failureMessage: "vipps reconciliation failed",
      failureLevel: "error",
      idleUntilStarted: true,
      run: async (stopping) => {
        while (!stopping.aborted && (await service.reconcileOnce()) > 0) {
          // More may be due.
        }
      },
    });
  }
}
