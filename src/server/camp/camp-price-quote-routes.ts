import type { FastifyInstance } from "fastify";
import { campRegistrationCalls } from "../../shared/camp/camp-registration-calls.ts";
import { routeCall } from "../http/call-route.ts";
import type { ErrorBody } from "../errors.ts";
import { publicPostRateLimit } from "../security/public-rate-limit.ts";
import { campPostBodyLimit } from "./camp-registration-routes.ts";
import { CampInputError } from "./camp-registrations.ts";
import { quoteCampPrice } from "./camp-price-quote.ts";

/**
 * campRegistrationCalls.price: the body a submission would post; the answer is the price lines it would be
 * charged now, per athlete (JSON), a 400 `{ error, issues }` like the submission's, or a 409 when no camp
 * is announced. Nothing is stored.
 */
export async function registerCampPriceQuoteRoutes(app: FastifyInstance) {
  const limits = { bodyLimit: campPostBodyLimit, config: { rateLimit: publicPostRateLimit(app.env) } };
  routeCall(app, campRegistrationCalls.price, limits, async (request, reply) => {
    try {
      const quote = await quoteCampPrice(app.services, request.body);
      return reply.header("cache-control", "no-store").send(quote);
    } catch (error) {
      if (error instanceof CampInputError) {
        return reply.code(400).send({ error: error.message, issues: [{ path: error.path, message: error.message }] } satisfies ErrorBody);
      }
      throw error;
    }
  });
}
