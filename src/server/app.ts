import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from "fastify";
import { registerSecurityHeaders } from "./security/security-headers-setup.ts";
import { registerRateLimiting } from "./security/public-rate-limit-setup.ts";
import compress from "@fastify/compress";
import type { Env } from "./env.ts";
import { createClock, type Clock } from "./clock.ts";
import type { Database, Db } from "./db/database.ts";
import { openDatabase } from "./startup/open-database.ts";
import { errorMessages, type ErrorBody } from "./errors.ts";
import { registerErrorHandler } from "./error-handler-setup.ts";
import { registerUsableInputCheck } from "./security/usable-input-setup.ts";
import { registerHealthRoutes } from "./health/health-routes.ts";
import { registerOpenApiRoutes } from "./openapi/openapi-routes.ts";
import { registerStaticSite, type StaticSiteOptions } from "./site/static-site-routes.ts";
import { registerClubGradeRoutes } from "./camp/club-grade-routes.ts";
import { registerAdminAuthRoutes, type AdminAuthOptions } from "./admin-auth/admin-auth-routes.ts";
import { ensureAdminCredentials } from "./admin-auth/admin-credentials.ts";
import { announceAdminCredentials } from "./admin-auth/announce-credentials.ts";
import { registerMessageRoutes, setUpMessageScheduler, type MessageSchedulerOptions } from "./messages/message-routes.ts";
import { setUpMail, type MailSetupOptions } from "./mail/mail-setup.ts";
import { campMailKinds } from "./camp/camp-mail-kinds.ts";
import { eventMailKinds } from "./events/event-mail-kinds.ts";
import { registerCampRoutes } from "./camp/camp-routes.ts";
import { setUpFindMyRegistrationQueue } from "./camp/camp-self-service-routes.ts";
import { ensureCampEdition } from "./camp/camp-editions.ts";
import type { CampPaymentGateway } from "./camp/camp-payment-gateway.ts";
import { setUpVipps, type VippsSetupOptions } from "./payments/vipps/vipps-setup.ts";
import { campVippsSide } from "./camp/camp-vipps-side.ts";
import { eventVippsSide } from "./events/event-vipps-side.ts";
import { registerVippsPayoutRoutes } from "./accounts/vipps-payout-routes.ts";
import { registerEventRoutes, type EventRoutesOptions } from "./events/event-routes.ts";
import { registerFamilyRoutes } from "./family/family-routes.ts";
import type { OfferKinds } from "./events/offer-answers.ts";
import { registerOfferRoutes } from "./events/offer-routes.ts";
import { setUpWaitlistJob, type WaitlistJobOptions } from "./events/event-waitlist-setup.ts";
import { registerNewMemberRoutes } from "./members/new-member-routes.ts";
import { registerInvoiceRoutes } from "./invoices/invoice-routes.ts";
import { registerAccountsRoutes } from "./accounts/accounts-routes.ts";
import { registerSiteContentRoutes } from "./site-content/site-content-routes.ts";
import { registerEventPrivacyRoutes, setUpPrivacyJob, type PrivacySetupOptions } from "./privacy/privacy-setup.ts";
import { createNotice, type AppServices } from "./services.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The query API (Drizzle) for every feature. */
    db: Db;
    /** The connection behind `db`: kind, ping, close. */
    database: Database;
    env: Env;
    /** The one clock for every rule, job, page and mail (clock.ts); tests inject their own. */
    now: Clock;
    /** The shared services (services.ts), for the route adapters to hand to the services; set before any route. */
    services: AppServices;
  }
}

export interface BuildAppOptions {
  env: Env;
  logger?: FastifyServerOptions["logger"];
  /** Serve the built site (off in API-only tests that run without a build). */
  serveSite?: boolean;
  /**
   * With `serveSite: false`: serves the pages some other way, and answers what no route takes (the
   * development server, scripts/dev-server.ts: Vite inside the server). Without it only the API is served.
   */
  registerPages?: (app: FastifyInstance) => Promise<void>;
  /** How the site's pages are rendered (tests: a stand-in for the web app's server build). */
  site?: Pick<StaticSiteOptions, "renderer" | "editionMaxAgeMs">;
  /** A database the caller owns (tests); otherwise one is opened from env and closed with the app. */
  database?: Database;
  /** Default: real time, or from CLOCK_START (clock.ts). */
  clock?: Clock;
  /** Where generated development admin passwords are shown once (the console, never the request log). */
  announce?: (message: string) => void;
  /** Admin login (tests: a recorder instead of the real wait of the slow-down). */
  adminAuth?: AdminAuthOptions;
  /** Mail transport and outbox worker (tests replace the transport or drive the worker themselves). */
  mail?: MailSetupOptions;
  /** Online payment for camp registrations; default: Vipps (or its simulator, see payments/vipps/vipps-setup.ts). */
  campPayments?: CampPaymentGateway;
  /** Vipps wiring options (tests: no reconciliation timer, fast client retries). */
  vipps?: VippsSetupOptions;
  /** The personal-data retention job (tests: off, run by hand with a frozen clock). */
  privacy?: PrivacySetupOptions;
  /** The one waiting-list job of every event, the camp's editions included (tests: no timer; kicks still run it). */
  waitlist?: WaitlistJobOptions;
  /** The club's other events. */
  events?: EventRoutesOptions;
  /** The job that queues messages set for a time (tests: off, run by hand). */
  messageScheduler?: MessageSchedulerOptions;
  /** Hears every route as it is registered, before any is (tests list the routes the app has this way). */
  onRoute?: (route: RouteOptions) => void;
}

export async function buildApp({
  env,
  logger = false,
  serveSite = true,
  registerPages,
  site,
  database: givenDatabase,
  clock = createClock(env),
  announce = (message) => console.log(message),
  adminAuth = {},
  mail,
  campPayments,
  vipps,
  privacy,
  waitlist,
  messageScheduler,
  events,
  onRoute,
}: BuildAppOptions) {
  const app = createFastify(env, logger);

  if (onRoute) app.addHook("onRoute", onRoute);

  const database = givenDatabase ?? (await openDatabase(env, clock()));
  app.decorate("database", database);
  app.decorate("db", database.db);
  app.decorate("env", env);
  app.decorate("now", clock);
  app.decorate("services", servicesOf(app, database, env, clock));
  if (!givenDatabase) app.addHook("onClose", () => database.close());
  registerErrorHandler(app);
  registerUsableInputCheck(app);

  const credentials = await ensureAdminCredentials(database.db, env, clock()).catch(async (error: unknown) => {
    if (!givenDatabase) await database.close();
    throw error;
  });
  announceAdminCredentials(credentials, announce, app.log);
  // A fresh database gets the coming season's camp; after that only the club opens a new one.
  await ensureCampEdition(database.db, clock(), env.CAMP_YEAR);

  // nosniff, frame denial, referrer policy, HSTS on HTTPS; HTML pages add their own hash-based CSP.
  await registerSecurityHeaders(app);
  // Before the routes: the public POSTs opt in to a per-address limit (PUBLIC_POST_RATE_LIMIT).
  await registerRateLimiting(app);
  await app.register(compress, { global: true, threshold: 1024, encodings: ["br", "gzip"] });

  // Not encapsulated: it hears the routes of every feature registered after it (the health check's too).
  registerOpenApiRoutes(app);
  await app.register(registerHealthRoutes);
  await app.register(registerClubGradeRoutes);
  await app.register(registerAdminAuthRoutes, adminAuth);
  // Each feature's mails rendered at send time: mail/ imports no feature, the features' tables come from here.
  await setUpMail(app, { ...campMailKinds, ...eventMailKinds }, mail);
  setUpWaitlistJob(app, waitlist);
  // One Vipps service for both; what a payment does to its owner is the owner's feature's (payments/ knows none).
  const vippsSides = {
    camp: campVippsSide({ publicBaseUrl: env.PUBLIC_BASE_URL.replace(/\/+$/, ""), placeFreed: () => app.waitlist?.kick() }),
    order: eventVippsSide({ publicBaseUrl: env.PUBLIC_BASE_URL }),
  };
  const vippsPayments = campPayments ? undefined : await setUpVipps(app, vippsSides, vipps);
  setUpPrivacyJob(app, privacy);
  setUpFindMyRegistrationQueue(app);
  setUpMessageScheduler(app, messageScheduler);
  // A waiting-list offer is answered once for every kind; each kind's part is made in its own registration.
  const offerKinds: OfferKinds = {};
  await app.register(registerCampRoutes, { payments: campPayments ?? vippsPayments, offerKinds });
  // Not encapsulated: its services are built once here, from app.vipps among others.
  await registerEventRoutes(app, { ...events, offerKinds });
  // «Min side»: the season's page behind every family link, over the camp's and the events' parts.
  await app.register(registerFamilyRoutes);
  registerOfferRoutes(app, offerKinds);
  await app.register(registerEventPrivacyRoutes);
  await app.register(registerMessageRoutes);
  await app.register(registerNewMemberRoutes);
  await app.register(registerInvoiceRoutes);
  await app.register(registerVippsPayoutRoutes);
  // «Regnskap»: the treasurer's chart of accounts and the export the accounts take.
  await app.register(registerAccountsRoutes);
  // Not encapsulated: the site's facts (app.siteContent) are read by the pages, the PDFs and the mails.
  await registerSiteContentRoutes(app, { maxAgeMs: site?.editionMaxAgeMs });
  await registerPagesOrNotFound(app, { env, serveSite, registerPages, site });
  return app;
}

/** The Fastify instance itself, before anything is registered on it. */
function createFastify(env: Env, logger: BuildAppOptions["logger"]) {
  return Fastify<Server, IncomingMessage, ServerResponse>({
    logger,
    // Only a proxy we were told about may set the client address (login throttling is per address).
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 256 * 1024,
    // The wizard's draft travels in cookies on its own page (several parts of up to 4 KB); Node's default
    // 16 KB header limit would refuse a long draft with 431.
    // Idle keep-alive connections stay open as long as Fastify's own default (72 s), longer than a reverse
    // proxy's or a client's pool keeps them: with Node's 5 s, a reused connection could be closed just as
    // a request went out on it (ECONNRESET for the client, 502 behind a proxy).
    serverFactory: (handler) => Object.assign(createServer({ maxHeaderSize: 64 * 1024 }, handler), { keepAliveTimeout: 72_000 }),
  });
}

/** Last of all: the built site, the caller's own pages, or (API only) a 404 that echoes nothing. */
async function registerPagesOrNotFound(
  app: FastifyInstance,
  { env, serveSite, registerPages, site }: Pick<BuildAppOptions, "env" | "serveSite" | "registerPages" | "site">,
) {
  if (serveSite) {
    await registerStaticSite(app, { staticDir: env.STATIC_DIR, publicBaseUrl: env.PUBLIC_BASE_URL, ...site });
  } else if (registerPages) {
    await registerPages(app);
  } else {
    // Fastify's own 404 logs and echoes the raw path, which may be a token; this one does neither.
    app.setNotFoundHandler(async (_request, reply) => reply.code(404).send({ error: errorMessages.notFound } satisfies ErrorBody));
  }
}

/**
 * The composition root's one services object. The jobs, the outbox and Vipps are made by their set-up further
 * down (each also kept on the instance for the tests), so those are read when a service asks for them, by
 * which time start-up is over.
 */
function servicesOf(app: FastifyInstance, database: Database, env: Env, clock: Clock): AppServices {
  return {
    db: database.db,
    database,
    now: clock,
    env,
    log: app.log,
    campListsChanged: createNotice(),
    get outbox() {
      return app.outbox;
    },
    get waitlist() {
      return app.waitlist;
    },
    get vipps() {
      return app.vipps;
    },
    get privacy() {
      return app.privacy;
    },
    get messageScheduler() {
      return app.messageScheduler;
    },
    get siteContent() {
      return app.siteContent;
    },
    get findMyRegistrationQueue() {
      return app.findMyRegistrationQueue;
    },
  };
}
