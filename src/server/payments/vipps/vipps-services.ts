import type { VippsPayments } from "./vipps-payments.ts";
import type { VippsReconciler } from "./vipps-reconciler.ts";
import type { VippsReportJob } from "./vipps-report-reader.ts";
import type { VippsSimulator } from "./vipps-simulator.ts";

/** Vipps as wired at start-up (payments/vipps/vipps-setup.ts). */
export interface VippsServices {
  service: VippsPayments;
  reconciler: VippsReconciler;
  /** Reads Vipps's settlement reports (Report API) into vipps_report_lines: hourly, and when the treasurer asks. */
  report: VippsReportJob;
  simulator?: VippsSimulator;
  mode: "vipps" | "simulator";
}
