import type { FastifyInstance } from "fastify";
import type { ErrorBody } from "../errors.ts";
import { waitlistAnswer } from "../../shared/camp/camp-waitlist.ts";
import { vippsNotAvailableYet, type CampPaymentGateway } from "./camp-payment-gateway.ts";
import { CampInputError, submitCampRegistration } from "./camp-registrations.ts";
import { publicPostRateLimit } from "../security/public-rate-limit.ts";

/** Ten companions and two 2000-character texts fit many times over; anything bigger is not a registration. */
export const campPostBodyLimit = 64 * 1024;

/**
 * POST /api/Vinterleir/Post (spec §7): answers text `Done` (registered, nothing to pay now), `Venteliste`
 * (the camp is full: on the waiting list), the payment address to follow, a 400 `{ error, issues }` in
 * Norwegian, or a 409 `{ error }` outside the registration window.
 */
export async function registerCampRegistrationRoutes(app: FastifyInstance, options: { payments?: CampPaymentGateway }) {
  const gateway = options.payments ?? vippsNotAvailableYet;
  app.post("/api/Vinterleir/Post", { bodyLimit: campPostBodyLimit, config: { rateLimit: publicPostRateLimit(app.env) } }, async (request, reply) => {
    let answer;
    try {
      answer = await submitCampRegistration(app, request.body, gateway);
    } catch (error) {
      if (error instanceof CampInputError) {
        return reply.code(400).send({ error: error.message, issues: [{ path: error.path, message: error.message }] } satisfies ErrorBody);
      }
      throw error;
    }
    return reply
      .header("cache-control", "no-store")
      .type("text/plain; charset=utf-8")
      .send(answer.kind === "done" ? "Done" : answer.kind === "waitlist" ? waitlistAnswer : answer.url);
  });
}
