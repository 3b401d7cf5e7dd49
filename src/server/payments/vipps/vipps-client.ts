/**
 * Our own thin Vipps MobilePay client (D1): plain fetch, typed from the OpenAPI files (vipps-types.ts).
 * - The access token is cached and renewed before it expires, and once more after a 401.
 * - Every mutating call carries an Idempotency-Key the caller derives from our own ids, so retrying after
 *   a timeout, a 429 or a 5xx is safe; only such calls (and GETs) are retried, with backoff.
 * - Errors are typed: VippsApiError (an HTTP answer, problem+json parsed) or VippsUnreachableError (no answer).
 * The same code talks to Vipps and to the built-in simulator; only the base URL and credentials differ.
 */
import {
  CreatePaymentResponseSchema,
  GetPaymentResponseSchema,
  GetWebhooksResponseSchema,
  ModificationResponseSchema,
  PaymentEventSchema,
  RegisterWebhookResponseSchema,
  type Amount,
  type CreatePaymentRequest,
} from "./vipps-types.ts";
import { GetLedgersResponseSchema, ReportPageSchema, type ReportTopic } from "./vipps-report-types.ts";
import { createVippsTransport, parseAnswer as parse, type VippsClientOptions, type VippsTransport } from "./vipps-transport.ts";
import { VippsApiError } from "./vipps-errors.ts";

/** Pages of one ledger date's report (1 000 lines each) before the answer is taken as broken: far past a club's year. */
const maxReportPages = 200;

export type VippsClient = ReturnType<typeof createVippsClient>;

export function createVippsClient(options: VippsClientOptions) {
  const transport = createVippsTransport(options);
  const { baseUrl, accessToken, call } = transport;

  const ref = (reference: string) => encodeURIComponent(reference);

  return {
    baseUrl,
    accessToken,
    /** Forget the cached token (tests). */
    forgetToken: transport.forgetToken,

    async createPayment(body: CreatePaymentRequest, idempotencyKey: string) {
      const json = await call("create payment", "POST", "/epayment/v1/payments", { body, idempotencyKey, retry: true });
      return parse(CreatePaymentResponseSchema, "create payment", json);
    },

    async getPayment(reference: string) {
      const json = await call("get payment", "GET", `/epayment/v1/payments/${ref(reference)}`, { retry: true });
      return parse(GetPaymentResponseSchema, "get payment", json);
    },

    async getEvents(reference: string) {
      const json = await call("get events", "GET", `/epayment/v1/payments/${ref(reference)}/events`, { retry: true });
      return parse(PaymentEventSchema.array(), "get events", json);
    },

    async capture(reference: string, amount: Amount, idempotencyKey: string) {
      const body = { modificationAmount: { currency: amount.currency, value: amount.value } };
      const json = await call("capture", "POST", `/epayment/v1/payments/${ref(reference)}/capture`, { body, idempotencyKey, retry: true });
      return parse(ModificationResponseSchema, "capture", json);
    },

    async refund(reference: string, amount: Amount, idempotencyKey: string) {
      const body = { modificationAmount: { currency: amount.currency, value: amount.value } };
      const json = await call("refund", "POST", `/epayment/v1/payments/${ref(reference)}/refund`, { body, idempotencyKey, retry: true });
      return parse(ModificationResponseSchema, "refund", json);
    },

    /** `cancelTransactionOnly`: never release an authorized reservation (Vipps answers 6060 instead). */
    async cancel(reference: string, idempotencyKey: string, cancelTransactionOnly = false) {
      const body = cancelTransactionOnly ? { cancelTransactionOnly: true } : {};
      const json = await call("cancel", "POST", `/epayment/v1/payments/${ref(reference)}/cancel`, { body, idempotencyKey, retry: true });
      return parse(ModificationResponseSchema, "cancel", json);
    },

    /** Test environment and simulator only. */
    async forceApprove(reference: string, body: { customer?: { phoneNumber: string }; token?: string }) {
      await call("force approve", "POST", `/epayment/v1/test/payments/${ref(reference)}/approve`, { body, retry: false });
    },

    async registerWebhook(url: string, events: readonly string[]) {
      const json = await call("register webhook", "POST", "/webhooks/v1/webhooks", { body: { url, events }, retry: false });
      return parse(RegisterWebhookResponseSchema, "register webhook", json);
    },

    async listWebhooks() {
      const json = await call("list webhooks", "GET", "/webhooks/v1/webhooks", { retry: true });
      return parse(GetWebhooksResponseSchema, "list webhooks", json);
    },

    /** Report API: the ledgers these keys may read, filtered to one sales unit (`api:{msn}`). */
    async getLedgers(settlesForRecipientHandle?: string) {
      const query = settlesForRecipientHandle ? `?settlesForRecipientHandles=${encodeURIComponent(settlesForRecipientHandle)}` : "";
      const json = await call("get ledgers", "GET", `/settlement/v1/ledgers${query}`, { retry: true });
      return parse(GetLedgersResponseSchema, "get ledgers", json);
    },

    /**
     * Report API: one ledger date's report of a topic, every page (`cursor` while `hasMore`); `tryLater` when the
     * date is not closed yet (a 404 means the same).
     */
    async getReportOfDate(ledgerId: string, topic: ReportTopic, ledgerDate: string) {
      return reportOfDate(call, ledgerId, topic, ledgerDate);
    },

    async deleteWebhook(id: string) {
      await call("delete webhook", "DELETE", `/webhooks/v1/webhooks/${encodeURIComponent(id)}`, { retry: true });
    },
  };
}

/**
 * Report API: one ledger date's report of a topic, every page (`cursor` while `hasMore`); `tryLater` when the
 * date is not closed yet (a 404 means the same).
 */
async function reportOfDate(call: VippsTransport["call"], ledgerId: string, topic: ReportTopic, ledgerDate: string) {
  const items = [];
  let cursor: string | undefined;
  // A cursor given again, or pages without end, would be followed for ever (and held in memory): refused.
  const cursors = new Set<string>();
  for (let pages = 1; ; pages++) {
    if (pages > maxReportPages) throw new Error(`Vipps get report: more than ${maxReportPages} pages for ${topic} ${ledgerDate}`);
    const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : "";
    const path = `/report/v2/ledgers/${encodeURIComponent(ledgerId)}/${topic}/dates/${encodeURIComponent(ledgerDate)}${query}`;
    let json: unknown;
    try {
      json = await call("get report", "GET", path, { retry: true });
    } catch (error) {
      if (error instanceof VippsApiError && error.status === 404 && !cursor) return { tryLater: true as const, items: [] };
      throw error;
    }
    const page = parse(ReportPageSchema, "get report", json);
    if (page.tryLater && items.length === 0 && page.items.length === 0) return { tryLater: true as const, items: [] };
    items.push(...page.items);
    if (!page.hasMore || !page.cursor) return { tryLater: false as const, items };
    if (cursors.has(page.cursor)) throw new Error(`Vipps get report: the page cursor repeats for ${topic} ${ledgerDate}`);
    cursors.add(page.cursor);
    cursor = page.cursor;
  }
}
