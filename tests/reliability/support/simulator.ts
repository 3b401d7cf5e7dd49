/**
 * The built-in Vipps simulator of a server started with its test controls (NODE_ENV=test), called over HTTP
 * as a merchant calls Vipps. Its keys are random per process, so they are read from its control API first.
 */
import type { SimulatorCredentials } from "../../../src/server/payments/vipps/vipps-simulator-types.ts";

export async function simulatorApi(base: string) {
  const credentialsAnswer = await fetch(`${base}/vipps-sim/control/credentials`);
  if (!credentialsAnswer.ok) throw new Error(`simulator credentials: ${credentialsAnswer.status}`);
  const credentials = (await credentialsAnswer.json()) as SimulatorCredentials;
  const tokenAnswer = await fetch(`${base}/vipps-sim/accesstoken/get`, {
    method: "POST",
    headers: { client_id: credentials.clientId, client_secret: credentials.clientSecret, "Ocp-Apim-Subscription-Key": credentials.subscriptionKey },
  });
  if (!tokenAnswer.ok) throw new Error(`simulator token: ${tokenAnswer.status}`);
  const { access_token: token } = (await tokenAnswer.json()) as { access_token: string };
  const headers = {
    authorization: `Bearer ${token}`,
    "Ocp-Apim-Subscription-Key": credentials.subscriptionKey,
    "Merchant-Serial-Number": credentials.merchantSerialNumber,
    "content-type": "application/json",
  };
  const call = async (method: string, url: string, body?: unknown) => {
    const answer = await fetch(`${base}/vipps-sim${url}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const text = await answer.text();
    if (!answer.ok) throw new Error(`simulator ${method} ${url}: ${answer.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
  return {
    credentials,
    registerWebhook: (url: string, events: string[]) =>
      call("POST", "/webhooks/v1/webhooks", { url, events }) as Promise<{ id: string; secret: string }>,
    /** As Vipps's test environment's approve endpoint: the payer approves. */
    approve: (reference: string) => call("POST", `/epayment/v1/test/payments/${encodeURIComponent(reference)}/approve`),
    faults: (faults: unknown[]) => call("POST", "/control/faults", { clear: true, faults }),
    requests: (operation: string) =>
      call("GET", `/control/requests?operation=${operation}`) as Promise<{ reference: string | null; idempotencyKey: string | null }[]>,
  };
}
