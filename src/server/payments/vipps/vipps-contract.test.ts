/**
 * The client against the recorded shapes of Vipps's OpenAPI files: every request body we send and every
 * answer we parse (from the simulator, which answers in those shapes) is validated against the YAML's
 * schemas, and our hand-written zod schemas require at least what the YAML requires.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv } from "ajv";
import { parse } from "yaml";
import type { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test-support/database.ts";
import type { Database } from "../../db/database.ts";
import type { TestApp } from "../../test-support/camp.ts";
import {
  AggregateSchema,
  CreatePaymentRequestSchema,
  CreatePaymentResponseSchema,
  GetPaymentResponseSchema,
  ModificationResponseSchema,
  PaymentEventSchema,
  ProblemSchema,
  WebhookEventSchema,
} from "./vipps-types.ts";
import type { VippsSimulator } from "./vipps-simulator.ts";
import { buildVippsTestApp, reconcile, startVippsPayment } from "../../test-support/vipps.ts";
import type { VippsPayments } from "./vipps-payments.ts";

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), "openapi");
const load = (file: string) =>
  parse(readFileSync(path.join(dir, file), "utf8")) as { components: { schemas: Record<string, { required?: string[] }> } };
const epayment = load("epayment-swagger-id.yaml");
const webhooks = load("webhooks-swagger-id.yaml");
const accessToken = load("access-token-swagger-id.yaml");

// The documented quirk: PaymentEvent requires "paymentAction" but the field is "name".
epayment.components.schemas.PaymentEvent!.required = epayment.components.schemas.PaymentEvent!.required!.map((field) =>
  field === "paymentAction" ? "name" : field,
);
// Customer is a oneOf of three objects none of which requires its field, so every object matches all three
// and oneOf can never pass: require each alternative's own field, as the description says.
for (const [name, field] of [
  ["CustomerPhoneNumber", "phoneNumber"],
  ["PersonalQrCode", "personalQr"],
  ["CustomerToken", "customerToken"],
] as const) {
  epayment.components.schemas[name]!.required = [field];
}
// access_token is a JWT, not base64 ("format: byte"): formats are not validated here.

const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true });
ajv.addSchema(epayment, "epayment");
ajv.addSchema(webhooks, "webhooks");
ajv.addSchema(accessToken, "accesstoken");
function validate(document: string, schema: string, value: unknown) {
  const check = ajv.getSchema(`${document}#/components/schemas/${schema}`);
  if (!check) throw new Error(`no schema ${document}#${schema}`);
  const ok = check(value);
  return ok ? [] : (check.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
}

function zodRequired(schema: z.ZodObject): string[] {
  return Object.entries(schema.shape)
    .filter(([, field]) => !(field as z.ZodType).safeParse(undefined).success)
    .map(([key]) => key);
}

describe("our zod schemas require what the OpenAPI files require", () => {
  it.each([
    ["epayment", "GetPaymentResponse", GetPaymentResponseSchema],
    ["epayment", "ModificationResponse", ModificationResponseSchema],
    ["epayment", "Aggregate", AggregateSchema],
    ["epayment", "WebhookEvent", WebhookEventSchema],
    ["epayment", "PaymentEvent", PaymentEventSchema],
    ["epayment", "Problem", ProblemSchema],
    ["epayment", "CreatePaymentRequest", CreatePaymentRequestSchema],
  ] as const)("%s %s", (document, name, schema) => {
    const yamlRequired = [...((document === "epayment" ? epayment : webhooks).components.schemas[name]!.required ?? [])].sort();
    expect(zodRequired(schema as unknown as z.ZodObject).sort()).toEqual(yamlRequired);
  });

  it("CreatePaymentResponse: reference required, redirectUrl optional", () => {
    expect(epayment.components.schemas.CreatePaymentResponse!.required).toEqual(["reference"]);
    expect(zodRequired(CreatePaymentResponseSchema as unknown as z.ZodObject)).toEqual(["reference"]);
  });
});

describe("the client's traffic in the OpenAPI shapes", () => {
  let database: Database;
  let app: TestApp;
  let sim: VippsSimulator;
  let service: VippsPayments;
  const now = new Date("2026-10-15T10:00:00Z");

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    ({ app, sim, service } = await buildVippsTestApp(database, () => now));
    const paid = await startVippsPayment(app);
    sim.approve(paid.reference);
    await sim.settled();
    await reconcile(service);
    await service.refund(paid.registrationId, { amount: 100 }, "camp-admin");
    const aborted = await startVippsPayment(app);
    await app.inject({ method: "POST", url: `/api/Vipps/Cancel/${aborted.orderId}` });
    await sim.settled();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const requests = (operation: string) => sim.requests.filter((request) => request.operation === operation);

  it("sends the headers Vipps requires, and an Idempotency-Key of at most 50 characters on every mutating call", () => {
    for (const request of sim.requests.filter((r) => r.url.includes("/epayment/"))) {
      expect(request.headers.authorization).toMatch(/^Bearer \S+$/);
      expect(request.headers["ocp-apim-subscription-key"]).toBeTruthy();
      expect(request.headers["merchant-serial-number"]).toMatch(/^[0-9]{4,7}$/);
      for (const name of ["vipps-system-name", "vipps-system-version", "vipps-system-plugin-name", "vipps-system-plugin-version"]) {
        expect(String(request.headers[name]).length).toBeGreaterThan(0);
        expect(String(request.headers[name]).length).toBeLessThanOrEqual(30);
      }
      if (request.method === "POST") expect(String(request.headers["idempotency-key"])).toMatch(/^.{1,50}$/);
    }
    const token = requests("token")[0]!;
    expect(token.headers.client_id).toBeTruthy();
    expect(token.headers.client_secret).toBeTruthy();
  });

  it("request bodies match CreatePaymentRequest, Capture/Refund/CancelModificationRequest", () => {
    const creates = requests("create").filter((r) => r.url.endsWith("/epayment/v1/payments"));
    expect(creates.length).toBeGreaterThan(0);
    for (const r of creates) {
      expect(validate("epayment", "CreatePaymentRequest", r.body)).toEqual([]);
      expect(r.body).toMatchObject({ userFlow: "WEB_REDIRECT", paymentMethod: { type: "WALLET" }, amount: { currency: "NOK", value: 108000 } });
      expect((r.body as { reference: string }).reference).toMatch(/^[a-zA-Z0-9-]{8,64}$/);
      expect((r.body as { returnUrl: string }).returnUrl).toMatch(/^https:\/\/klubb\.example\/vipps\/VL26-/);
    }
    for (const r of requests("capture")) expect(validate("epayment", "CaptureModificationRequest", r.body)).toEqual([]);
    for (const r of requests("refund")) expect(validate("epayment", "RefundModificationRequest", r.body)).toEqual([]);
    for (const r of requests("cancel")) expect(validate("epayment", "CancelModificationRequest", r.body ?? {})).toEqual([]);
    expect(requests("capture")).toHaveLength(1);
    expect(requests("refund")).toHaveLength(1);
    expect(requests("cancel")).toHaveLength(1);
  });

  it("answers we parse match GetPaymentResponse, ModificationResponse, PaymentEvent, WebhookEvent, Problem, AuthorizationTokenResponse", async () => {
    const reference = [...sim.payments.keys()][0]!;
    const client = (service as unknown as { client: import("./vipps-client.ts").VippsClient }).client;
    const payment = await client.getPayment(reference);
    expect(validate("epayment", "GetPaymentResponse", payment)).toEqual([]);
    const events = await client.getEvents(reference);
    expect(events.map((e) => e.name)).toEqual(["CREATED", "AUTHORIZED", "CAPTURED", "REFUNDED"]);
    for (const event of events) expect(validate("epayment", "PaymentEvent", event)).toEqual([]);
    for (const delivery of sim.deliveries) expect(validate("epayment", "WebhookEvent", delivery.event)).toEqual([]);
    expect(validate("epayment", "ModificationResponse", sim.capture(reference, { currency: "NOK", value: 0 }, "x"))).toEqual([]);
    const token = await app.inject({
      method: "POST",
      url: "/vipps-sim/accesstoken/get",
      headers: {
        client_id: sim.credentials.clientId,
        client_secret: sim.credentials.clientSecret,
        "ocp-apim-subscription-key": sim.credentials.subscriptionKey,
      },
    });
    expect(validate("accesstoken", "AuthorizationTokenResponse", token.json())).toEqual([]);
    const problem = await app.inject({ url: "/vipps-sim/epayment/v1/payments/does-not-exist", headers: { authorization: "Bearer nope" } });
    expect(problem.headers["content-type"]).toContain("application/problem+json");
    expect(validate("epayment", "Problem", problem.json())).toEqual([]);
  });

  it("webhook registration matches RegisterRequest/RegisterResponse", async () => {
    const client = (service as unknown as { client: import("./vipps-client.ts").VippsClient }).client;
    const body = { url: "https://klubb.example/api/Vipps/Webhook", events: ["epayments.payment.authorized.v1"] };
    expect(validate("webhooks", "RegisterRequest", body)).toEqual([]);
    const registered = await client.registerWebhook(body.url, body.events);
    expect(validate("webhooks", "RegisterResponse", registered)).toEqual([]);
  });
});
