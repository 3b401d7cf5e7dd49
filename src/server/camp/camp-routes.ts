import type { FastifyInstance } from "fastify";
import { vippsNotAvailableYet, type CampPaymentGateway } from "./camp-payment-gateway.ts";
import { registerCampWaitlistRoutes } from "./camp-waitlist-routes.ts";
import type { OfferKinds } from "../events/offer-answers.ts";
import { registerCampAdminRoutes } from "./camp-admin-routes.ts";
import { registerCampExportRoutes } from "./camp-export-routes.ts";
import { registerCampPublicRoutes } from "./camp-public-routes.ts";
import { registerCampRegistrationRoutes } from "./camp-registration-routes.ts";
import { registerCampPriceQuoteRoutes } from "./camp-price-quote-routes.ts";
import { registerCampEditionRoutes } from "./camp-edition-routes.ts";
import { registerPrivacyRoutes } from "../privacy/privacy-setup.ts";
import { registerCheckInRoutes } from "./checkin/checkin-routes.ts";
import { registerCampSelfServiceRoutes } from "./camp-self-service-routes.ts";

export interface CampRoutesOptions {
  /** Online payment for registrations with `vipps: true` (Vipps, or a test double); without it Vipps is not offered. */
  payments?: CampPaymentGateway;
  /** Where the camp's part of a waiting-list offer goes (events/offer-routes.ts answers every kind's offers). */
  offerKinds?: OfferKinds;
}

/** Camp registration, the public lists and the camp admin. */
export async function registerCampRoutes(app: FastifyInstance, options: CampRoutesOptions = {}) {
  await registerCampPublicRoutes(app);
  await registerCampRegistrationRoutes(app, options);
  await registerCampPriceQuoteRoutes(app);
  await registerCampAdminRoutes(app, { payments: options.payments });
  await registerCampExportRoutes(app);
  await registerCampEditionRoutes(app);
  await registerCheckInRoutes(app);
  await registerCampWaitlistRoutes(app, { payments: options.payments ?? vippsNotAvailableYet, offerKinds: options.offerKinds });
  await registerCampSelfServiceRoutes(app, { payments: options.payments ?? vippsNotAvailableYet });
  // PersonExport and Forget (D6); the retention job itself is set up in app.ts.
  await registerPrivacyRoutes(app);
}
