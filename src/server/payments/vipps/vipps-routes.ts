import type { FastifyInstance } from "fastify";
import { campAdminCalls } from "../../../shared/camp/camp-admin-calls.ts";
import { vippsCalls } from "../../../shared/payments/vipps-calls.ts";
import { currentCampAccount } from "../../admin-auth/camp-account.ts";
import { routeCall } from "../../http/call-route.ts";
import { publicLookupRateLimit, publicPostRateLimit } from "../../security/public-rate-limit.ts";
import type { ErrorBody } from "../../errors.ts";
import type { VippsPayments } from "./vipps-payments.ts";
import { vippsMessages } from "./vipps-payment-messages.ts";
import { verifyWebhook } from "./vipps-signature.ts";
import { WebhookEventSchema } from "./vipps-types.ts";
import type { VippsResult } from "../../../shared/payments/vipps-payment.ts";

export const vippsWebhookPath = vippsCalls.webhook.path;

export interface VippsRoutesOptions {
  /** The one Vipps service: a camp registration's order id or reference and an event order's alike. */
  service: VippsPayments;
  /** The secret from the webhook registration; undefined → every delivery is refused. */
  webhookSecret: () => string | undefined;
  /** The URL we registered (the signature covers its path and host). */
  webhookUrl: string;
  merchantSerialNumber: string;
}

/**
 * The browser's Vipps calls (spec §7, D1), the webhook endpoint and the camp admin's payment details
 * and refund.
 */
export async function registerVippsRoutes(app: FastifyInstance, options: VippsRoutesOptions) {
  const { service } = options;

  // An order id can be guessed, and the answer says whether it exists (with the receipt, whose first names):
  // limited per address, so no one walks the ids.
  routeCall(app, vippsCalls.check, { config: { rateLimit: publicLookupRateLimit(app.env) } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const status = await service.statusFor(request.params.orderId);
    if (status === undefined) return reply.code(404).send({ error: vippsMessages.orderNotFound } satisfies ErrorBody);
    // The result page asks for what the payment was for as well; the text answer stays as the spec has it.
    if (request.query.kvittering === "1") {
      const receipt = status === "RESERVED" ? ((await service.receiptFor(request.params.orderId)) ?? null) : null;
      // Declared as the text answer (the spec's); the receipt is its JSON variant, sent as Fastify would serialize it.
      return reply.type("application/json; charset=utf-8").send(JSON.stringify({ status, receipt } satisfies VippsResult));
    }
    return reply.type("text/plain; charset=utf-8").send(status);
  });

  // Anyone with an order id may end its open payment (the page that started it has only that id): limited per
  // address like the registrations, so no one can walk the order ids and end other families' payments.
  routeCall(app, vippsCalls.cancel, { config: { rateLimit: publicPostRateLimit(app.env) } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const result = await service.cancelByOrder(request.params.orderId);
    if (!result) return reply.code(404).send({ error: vippsMessages.orderNotFound } satisfies ErrorBody);
    return reply.send(result);
  });

  // The webhook needs the raw bytes (the signature covers them): its own scope with a buffer parser for every
  // content type, and a declaration that takes them as an upload, so nothing on the route parses them.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));
    routeCall(scope, vippsCalls.webhook, {}, async (request, reply) => {
      const secret = options.webhookSecret();
      const raw: unknown = request.body;
      const rawBody = Buffer.isBuffer(raw) ? raw : Buffer.alloc(0);
      if (!secret || !verifyWebhook({ secret, registeredUrl: options.webhookUrl, headers: request.headers, rawBody, now: app.now() })) {
        request.log.warn("vipps webhook with a missing or wrong signature, or a stale signed date, refused");
        return reply.code(401).send({ error: "Unauthorized" } satisfies ErrorBody);
      }
      let event;
      try {
        event = WebhookEventSchema.parse(JSON.parse(rawBody.toString("utf8")));
      } catch {
        return reply.code(400).send({ error: "Bad webhook body" } satisfies ErrorBody);
      }
      if (event.msn !== options.merchantSerialNumber) return reply.code(200).send({ ok: true });
      try {
        await service.onWebhook(event.reference);
      } catch (error) {
        // Stored as due; the reconciliation job finishes it. Vipps need not retry.
        request.log.warn(
          { reference: event.reference, err: error instanceof Error ? error.message : String(error) },
          "vipps webhook processing deferred",
        );
      }
      return reply.code(200).send({ ok: true });
    });
  });

  const registrationId = (raw: string) => (/^\d{1,9}$/.test(raw) ? Number(raw) : undefined);

  routeCall(app, campAdminCalls.payments, {}, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const id = registrationId(request.params.registrationId);
    const details = id === undefined ? undefined : await service.adminView(id);
    if (!details) return reply.code(404).send({ error: "Fant ikke registreringen." } satisfies ErrorBody);
    return reply.send(details);
  });

  routeCall(app, campAdminCalls.refund, {}, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const id = registrationId(request.params.registrationId);
    const outcome =
      id === undefined ? { kind: "not-found" as const } : await service.refund(id, request.body, (await currentCampAccount(request)).username);
    switch (outcome.kind) {
      case "not-found":
        return reply.code(404).send({ error: "Fant ingen Vipps-betaling på registreringen." } satisfies ErrorBody);
      case "conflict":
        return reply.code(409).send({ error: outcome.message } satisfies ErrorBody);
      case "invalid":
        return reply.code(400).send({ error: outcome.message, issues: [{ path: "amount", message: outcome.message }] } satisfies ErrorBody);
      case "pending":
        return reply.code(202).send(outcome);
      case "refunded":
        return reply.send(outcome);
    }
  });
}
