import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";

/**
 * The rate-limit plugin, with no limit of its own: routes opt in through `config.rateLimit`. Register it
 * before the routes (it reads their options as they are added).
 */
export async function registerRateLimiting(app: FastifyInstance) {
  await app.register(rateLimit, { global: false });
}
