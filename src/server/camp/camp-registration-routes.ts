import type { FastifyInstance } from "fastify";
import { campRegistrationCalls } from "../../shared/camp/camp-registration-calls.ts";
import { routeCall } from "../http/call-route.ts";
import type { ErrorBody } from "../errors.ts";
import { waitlistAnswer } from "../../shared/camp/camp-waitlist.ts";
import { vippsNotAvailableYet, type CampPaymentGateway } from "./camp-payment-gateway.ts";
import { CampInputError, submitCampRegistration, type SubmitAnswer } from "./camp-registrations.ts";
import { publicPostRateLimit } from "../security/public-rate-limit.ts";
import { myRegistrationLinkPath, personalLinkHeader } from "../../shared/camp/camp-my-registration.ts";
import { createSubmissionLink } from "./camp-personal-link.ts";

/**
 * A group at its largest (eleven athletes, each with two 2000-character texts of two-byte letters, and ten
 * companions) fits with room to spare; anything bigger is not a registration.
 */
export const campPostBodyLimit = 192 * 1024;

/**
 * campRegistrationCalls.register, POST /api/Vinterleir/Post (spec §7): answers text `Done` (registered, nothing to pay now), `Venteliste`
 * (the camp is full: on the waiting list), the payment address to follow, a 400 `{ error, issues }` in
 * Norwegian, or a 409 `{ error }` outside the registration window.
 */
export async function registerCampRegistrationRoutes(app: FastifyInstance, options: { payments?: CampPaymentGateway }) {
  const gateway = options.payments ?? vippsNotAvailableYet;
  const limits = { bodyLimit: campPostBodyLimit, config: { rateLimit: publicPostRateLimit(app.env) } };
  routeCall(app, campRegistrationCalls.register, limits, async (request, reply) => {
    let answer;
    try {
      answer = await submitCampRegistration(app.services, request.body, gateway);
    } catch (error) {
      if (error instanceof CampInputError) {
        return reply.code(400).send({ error: error.message, issues: [{ path: error.path, message: error.message }] } satisfies ErrorBody);
      }
      throw error;
    }
    // The Done page's (and the Vipps result page's) link to "Min påmelding"; the body stays as it always was.
    if (answer.kind !== "waitlist") {
      const linkPath = await doneLinkPath(app, answer);
      if (linkPath) reply.header(personalLinkHeader, linkPath);
    }
    return reply
      .header("cache-control", "no-store")
      .type("text/plain; charset=utf-8")
      .send(answer.kind === "done" ? "Done" : answer.kind === "waitlist" ? waitlistAnswer : answer.url);
  });
}

/**
 * A new submission link (its path) for the registration the draft made, or undefined. Only for the
 * browser that holds the draft's own secret (the answer names the registration only then): the link opens
 * that registration (and its group), never the rest of what is registered with the address. A new
 * registration's link was made in the transaction that stored it; a retried draft gets a new one.
 */
async function doneLinkPath(app: FastifyInstance, answer: SubmitAnswer): Promise<string | undefined> {
  if (answer.submissionToken) return myRegistrationLinkPath(answer.submissionToken);
  if (answer.registrationId === undefined) return undefined;
  return myRegistrationLinkPath(await createSubmissionLink(app.db, answer.registrationId, app.now()));
}
