/**
 * Registers (or lists / deletes) our webhook at Vipps, a one-off step per environment:
 *   npx tsx src/server/payments/vipps/register-webhook-command.ts            register {PUBLIC_BASE_URL}/api/Vipps/Webhook
 *   npx tsx src/server/payments/vipps/register-webhook-command.ts list
 *   npx tsx src/server/payments/vipps/register-webhook-command.ts delete <id>
 * Prints the secret once: put it in VIPPS_WEBHOOK_SECRET.
 */
import { loadEnv } from "../../env.ts";
import { createVippsClient } from "./vipps-client.ts";
import { vippsWebhookPath } from "./vipps-routes.ts";
import { webhookEventTypes } from "./vipps-types.ts";

const env = loadEnv();
if (!env.VIPPS_CLIENT_ID || !env.VIPPS_CLIENT_SECRET || !env.VIPPS_SUBSCRIPTION_KEY || !env.VIPPS_MSN) {
  console.error("Set VIPPS_CLIENT_ID, VIPPS_CLIENT_SECRET, VIPPS_SUBSCRIPTION_KEY and VIPPS_MSN (and VIPPS_BASE_URL, PUBLIC_BASE_URL).");
  process.exit(1);
}
const client = createVippsClient({
  baseUrl: env.VIPPS_BASE_URL,
  clientId: env.VIPPS_CLIENT_ID,
  clientSecret: env.VIPPS_CLIENT_SECRET,
  subscriptionKey: env.VIPPS_SUBSCRIPTION_KEY,
  merchantSerialNumber: env.VIPPS_MSN,
});
const [command, id] = process.argv.slice(2);
if (command === "list") {
  console.log(JSON.stringify(await client.listWebhooks(), null, 2));
} else if (command === "delete" && id) {
  await client.deleteWebhook(id);
  console.log(`Deleted ${id}`);
} else {
  const url = `${env.PUBLIC_BASE_URL.replace(/\/+$/, "")}${vippsWebhookPath}`;
  const registered = await client.registerWebhook(url, webhookEventTypes);
  console.log(`Registered ${url} (id ${registered.id}).`);
  console.log(`VIPPS_WEBHOOK_SECRET=${registered.secret}`);
}
