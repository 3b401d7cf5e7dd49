/**
 * Fills an upgrade fixture: a database filled through the HTTP API by THIS release, what its users saw, and
 * a dump of it, in tests/upgrade/fixtures/<release>/ (docs/contributing.md, «Upgrade fixtures»).
 *
 *   npx tsx scripts/upgrade-fixture/fill.ts [release-name]      (default: git rev-parse --short HEAD)
 *
 * Run it in a clean checkout of the release (uncommitted migrations are refused), after its `npm run build`.
 *
 * It builds nothing: it starts the production build (build/node/main.js; `npm run build` first) on a fresh
 * PostgreSQL database (UPGRADE_PG_URL, else TEST_DATABASE_URL's server, else postgres://postgres@127.0.0.1:5432),
 * NODE_ENV=test with the built-in Vipps simulator and its test controls, the clock started at TEST_NOW
 * (registration open, before the early-bird deadline), the fixture's admin credentials and mail to
 * DATA_DIR/mail. Every change goes through the public and admin API, as a browser or Vipps would make it.
 * Then it asks the questions users ask (tests/upgrade/upgrade-questions.ts) and writes the answers, with the
 * server's clock at that moment and the links needed to ask again, to expected.json, and dumps the database
 * with pg_dump to database.sql. tests/upgrade/upgrade.test.ts loads the dump into the code of the day and
 * compares what it answers with expected.json.
 */
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { adminLogin, createPostgresDatabase, makeDraft, postgresReachable } from "../bench/camp.mjs";
import { freePort, root, startSiteServer, waitForBuild } from "../bench/server.mjs";
import { simulatorApi } from "../../tests/reliability/support/simulator.ts";
import { askQuestions, fixtureAdmin, fixtureHelper, type Asker, type FixtureLinks } from "../../tests/upgrade/upgrade-questions.ts";
import { TEST_NOW } from "../../src/shared/test-clock.fixture.ts";

/** A git command's output in this checkout, or undefined outside git (an exported tree). */
function git(args: string[]): string | undefined {
  try {
    return execFileSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return undefined;
  }
}

// A migration not yet committed would be in the fixture's journal, and may still be renumbered or changed.
if (git(["status", "--porcelain", "--", "src/server/db/migrations"])) {
  throw new Error("src/server/db/migrations has changes that are not committed: fill from a clean checkout of a commit.");
}
const release = process.argv[2] ?? git(["rev-parse", "--short", "HEAD"]);
if (!release) throw new Error("Name the release: npx tsx scripts/upgrade-fixture/fill.ts <release-name>");
const outDir = path.join(root, "tests/upgrade/fixtures", release);

function serverUrlOf(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.pathname = "";
  return url.toString().replace(/\/+$/, "");
}
const postgresServerUrl =
  process.env.UPGRADE_PG_URL?.replace(/\/+$/, "") ??
  (process.env.TEST_DATABASE_URL ? serverUrlOf(process.env.TEST_DATABASE_URL) : "postgres://postgres@127.0.0.1:5432");

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const say = (line: string) => console.log(`[upgrade-fixture] ${line}`);

/** The 2026 camp's first day (the door checks in to a camp day) and the grading of the fixture. */
const campDay = "2026-11-28";
const gradingSlug = "gradering-desember-2026";
const saleSlug = "klubbtoy-desember-2026";
const homeClubId = 29;

async function main() {
  const reachable = await postgresReachable(postgresServerUrl);
  if (!reachable.ok) throw new Error(`PostgreSQL does not answer at ${postgresServerUrl}: ${reachable.reason}`);
  await waitForBuild({ tries: 1, waitMs: 0 });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "stk-upgrade-fill-"));
  const database = await createPostgresDatabase(postgresServerUrl, "stk_upgrade_fill");
  const port = await freePort();
  say(`server on port ${port}, database ${database.name}, release ${release}`);
  const server = await startSiteServer({
    dataDir,
    databaseUrl: database.url,
    port,
    admin: fixtureAdmin,
    env: {
      // NODE_ENV=test: a pinned clock and the simulator's test controls (approving as the payer would).
      NODE_ENV: "test",
      CLOCK_START: TEST_NOW,
      VIPPS_SIMULATOR: "true",
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      VIPPS_RECONCILE_INTERVAL_MS: "300",
      LOG_LEVEL: "warn",
      // The other areas' passwords set too, so none is generated and printed.
      NEWMEMBER_ADMIN_PASSWORD: "fixture-medlem-passord-2026",
      INVOICE_ADMIN_PASSWORD: "fixture-faktura-passord-2026",
    },
  });
  try {
    const links = await fill(server.base, dataDir);
    await settle(server.base, dataDir);
    const ask: Asker = async (url) => {
      const answer = await fetch(`${server.base}${url}`);
      const text = await answer.text();
      return { status: answer.status, body: text.startsWith("{") || text.startsWith("[") ? JSON.parse(text) : text };
    };
    const health = (await (await fetch(`${server.base}/healthz`)).json()) as { now: string };
    const token = await adminLogin(server.base, fixtureAdmin);
    const answers = await askQuestions(ask, token, links);
    await mkdir(outDir, { recursive: true });
    const expected = {
      release,
      filledAt: health.now,
      note: "Filled through the HTTP API by scripts/upgrade-fixture/fill.ts; compared by tests/upgrade/upgrade.test.ts.",
      admin: fixtureAdmin,
      links,
      answers,
    };
    await writeFile(path.join(outDir, "expected.json"), `${JSON.stringify(expected, null, 2)}\n`);
    await server.stop();
    const dump = execFileSync("pg_dump", ["--no-owner", "--no-privileges", "--inserts", "--dbname", database.url], {
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    await writeFile(path.join(outDir, "database.sql"), dump);
    say(`wrote ${path.relative(root, outDir)}/expected.json and database.sql (${Math.round(dump.length / 1024)} KB)`);
  } catch (error) {
    console.error(server.log());
    throw error;
  } finally {
    await server.stop();
    await database.drop().catch((error: Error) => console.error(`could not drop ${database.name}: ${error.message}`));
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** One HTTP call that must succeed; answers the body as text and, when it is JSON, parsed. */
function client(base: string) {
  return async function call(method: string, url: string, body?: unknown): Promise<{ text: string; json: unknown }> {
    const answer = await fetch(`${base}${url}`, {
      method,
      ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
    });
    const text = await answer.text();
    if (answer.status < 200 || answer.status > 299) throw new Error(`${method} ${url.replace(/\/[\w-]{40,}$/, "/…")}: ${answer.status} ${text}`);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { text, json };
  };
}

/** Every change the fixture holds, each through the API; answers the links and ids to ask about again. */
async function fill(base: string, dataDir: string): Promise<FixtureLinks> {
  const call = client(base);
  const vipps = await simulatorApi(base);
  const token = await adminLogin(base, fixtureAdmin);
  const admin = (what: string) => `/api/VinterleirAdmin/${what}/${token}`;

  // A door helper (role innsjekk): the check-in and the door payment carry their name.
  await call("POST", admin("Accounts"), { ...fixtureHelper, name: "Dørvakt Hansen", role: "innsjekk" });
  const helperToken = await adminLogin(base, fixtureHelper);

  const register = async (draft: Record<string, unknown>) => (await call("POST", "/api/Vinterleir/Post", draft)).text;
  const payWithVipps = async (answer: string) => {
    const reference = new URL(answer).searchParams.get("reference");
    if (!reference) throw new Error(`no Vipps reference in ${answer}`);
    await vipps.approve(reference);
    return reference;
  };

  // Card/cash athletes: a guest with a companion, a home-club child, a master who instructs, an adult guest.
  const cash = [makeDraft("Opp", 10), makeDraft("Opp", 4), makeDraft("Opp", 18), makeDraft("Opp", 7), makeDraft("Opp", 13)];
  for (const draft of cash) if ((await register(draft)) !== "Done") throw new Error(`card/cash registration of ${draft.lastName} not Done`);
  // Vipps athletes, each approved at Vipps as the payer would, then captured by the server.
  const online = [makeDraft("Opp", 1, { vipps: true }), makeDraft("Opp", 5, { vipps: true }), makeDraft("Opp", 9, { vipps: true })];
  for (const draft of online) await payWithVipps(await register(draft));

  // A family: two athletes and two adult companions on the first, one Vipps payment for all.
  const family = {
    ...makeDraft("OppF", 2, { vipps: true }),
    firstName: "Emma",
    lastName: "Familiesen",
    age: 11,
    clubId: homeClubId,
    gradeId: 6,
    gradering: true,
    sleepover: false,
    wantsToInstruct: false,
    instructor: 0,
    public: true,
    email: "familien@example.no",
    hasLedsager: true,
    ledsagere: [
      {
        id: "mor",
        firstName: "Mona",
        lastName: "Familiesen",
        age: 42,
        telephone: "41234567",
        email: "mona@example.no",
        sleepover: true,
        alreadyRegistered: false,
      },
      {
        id: "far",
        firstName: "Frode",
        lastName: "Familiesen",
        age: 44,
        telephone: "41234568",
        email: "frode@example.no",
        sleepover: false,
        alreadyRegistered: false,
      },
    ],
    siblings: [
      {
        firstName: "Theo",
        lastName: "Familiesen",
        age: 9,
        gradeId: 3,
        gradering: false,
        sleepover: false,
        hasLedsager: false,
        ledsagere: [],
        allergies: "Laktose",
        vegan: false,
        otherInfo: "",
        wantsToInstruct: false,
        public: false,
      },
    ],
  };
  await payWithVipps(await register(family));
  await waitUntil("the Vipps payments captured", async () => {
    const persons = (await call("GET", admin("Get"))).json as { vipps: boolean; paymentState: string | null }[];
    return persons.filter((person) => person.vipps).every((person) => person.paymentState === "captured");
  });

  const persons = async () =>
    (await call("GET", admin("Get"))).json as {
      lastname: string;
      firstname: string;
      registrationId: number;
      isLedsager: boolean;
      companionId?: number;
      amount: number;
      paid: number;
    }[];
  const athlete = async (lastName: string) => {
    const row = (await persons()).find((person) => person.lastname === lastName && !person.isLedsager);
    if (!row) throw new Error(`${lastName} not in the admin list`);
    return row;
  };

  // The family cancels Frode through «Min påmelding» (the link in their mail): Vipps refunds his part.
  const familyLink = await waitForMailLink(dataDir, "familien@example.no", /\/vinterleir\/min-pamelding\/([\w-]+)/);
  const familyView = (await call("GET", `/api/MinPamelding/Get/${familyLink}`)).json;
  await call("POST", `/api/MinPamelding/Cancel/${familyLink}`, { person: companionKey(familyView, "Frode") });
  // And changes Theo's allergy (another athlete of the group, by its order id).
  const theoOrder = orderIdOf(familyView, "Theo");
  await call("POST", `/api/MinPamelding/Change/${familyLink}?orderId=${encodeURIComponent(theoOrder)}`, { allergies: "Laktose og nøtter" });

  // The leader marks a card/cash payment received, and adds a companion to another registration.
  const markPaid = await athlete(cash[0]!.lastName);
  await call("POST", admin(`MarkPaid/${markPaid.registrationId}`));
  const withAdded = await athlete(cash[3]!.lastName);
  await call("POST", admin(`AddCompanion/${withAdded.registrationId}`), {
    id: randomUUID(),
    firstName: "Lagt",
    lastName: "Tilsen",
    age: 50,
    telephone: "45678901",
    email: "lagt@example.no",
    sleepover: false,
    alreadyRegistered: false,
  });

  // The door: the helper checks one athlete in on the first camp day, and takes another's card payment.
  const arriving = await athlete(cash[1]!.lastName);
  await call("POST", `/api/VinterleirAdmin/CheckIn/Action/${helperToken}`, {
    actionId: randomUUID(),
    kind: "checkin",
    personId: `a${arriving.registrationId}`,
    day: campDay,
  });
  const payingAtDoor = await athlete(cash[2]!.lastName);
  await call("POST", `/api/VinterleirAdmin/CheckIn/Action/${helperToken}`, {
    actionId: randomUUID(),
    kind: "payment",
    personId: `a${payingAtDoor.registrationId}`,
    amount: payingAtDoor.amount - payingAtDoor.paid,
    method: "card",
    day: campDay,
  });
  await call("POST", `/api/VinterleirAdmin/CheckIn/Action/${helperToken}`, {
    actionId: randomUUID(),
    kind: "checkin",
    personId: `a${payingAtDoor.registrationId}`,
    day: campDay,
  });

  // The waiting list: the camp made full, two more athletes wait; one place more gives the first an offer.
  await waitUntil("the family's refund", async () => {
    const money = (await call("GET", admin(`Payments/${(await athlete("Familiesen")).registrationId}`))).json;
    return JSON.stringify(money).includes("vipps-refunded");
  });
  const held = (await persons()).filter((person) => !person.isLedsager).length;
  await call("PUT", `/api/CampEdition/Put/2026/${token}`, { capacity: held });
  const waiting = [makeDraft("OppV", 3), makeDraft("OppV", 6)];
  for (const draft of waiting) if ((await register(draft)) !== "Venteliste") throw new Error(`${draft.lastName} did not go onto the waiting list`);
  await call("PUT", `/api/CampEdition/Put/2026/${token}`, { capacity: held + 1 });
  const offerLink = await waitForMailLink(dataDir, waiting[0]!.email, /\/vinterleir\/venteliste\/([\w-]+)/);

  // A message to every family of the camp (the message log).
  await call("POST", `/api/Melding/Send/vinterleir-2026/${token}`, {
    segment: "all",
    subject: "Velkommen til vinterleir",
    body: "Hei {navn}! Vi gleder oss.",
  });

  // A grading: created and published by the leader; one order card/cash, one with Vipps.
  await call("PUT", `/api/ArrangementAdmin/Put/${gradingSlug}/${token}`, {
    kind: "gradering",
    title: "Gradering desember",
    firstDay: "2026-12-12",
    lastDay: "2026-12-12",
    venue: "Ski Taekwondo Klubb",
    registrationOpensAt: "2026-10-01T08:00:00+02:00",
    registrationClosesAt: "2026-12-10T23:59:00+01:00",
    capacity: 10,
    price: 350,
    startTime: "10:00",
    homeClubOnly: true,
    minAge: 7,
    maxAge: 12,
    minGradeId: 1,
    maxGradeId: 13,
  });
  await call("POST", `/api/ArrangementAdmin/Publish/${gradingSlug}/${token}`);
  const order = (email: string, lastName: string, participants: { firstName: string; age: number; gradeId: number }[], viaVipps: boolean) => ({
    draftId: randomUUID(),
    dataConsent: true,
    termsAccepted: true,
    contact: { firstName: "Forelder", lastName, email, telephone: "92345678" },
    participants: participants.map((participant) => ({ ...participant, lastName, clubId: homeClubId, answers: {} })),
    items: [],
    vipps: viaVipps,
  });
  const cashOrder = await call(
    "POST",
    `/api/Arrangement/Post/${gradingSlug}`,
    order(
      "graderingkontant@example.no",
      "Kontantsen",
      [
        { firstName: "Ida", age: 8, gradeId: 2 },
        { firstName: "Ivar", age: 11, gradeId: 5 },
      ],
      false,
    ),
  );
  if (cashOrder.text !== "Done") throw new Error(`grading order (card/cash): ${cashOrder.text}`);
  await payWithVipps(
    (
      await call(
        "POST",
        `/api/Arrangement/Post/${gradingSlug}`,
        order("graderingvipps@example.no", "Vippsen", [{ firstName: "Vilde", age: 10, gradeId: 4 }], true),
      )
    ).text,
  );
  await waitUntil("the grading's Vipps payment captured", async () => {
    const participants = JSON.stringify((await call("GET", `/api/ArrangementAdmin/Participants/${gradingSlug}/${token}`)).json);
    return participants.includes("Vilde") && !participants.includes('"pending_payment"') && /"paid":350/.test(participants);
  });
  const gradingLinks = [
    await waitForMailLink(dataDir, "graderingkontant@example.no", /\/arrangementer\/min-pamelding\/([\w-]+)/),
    await waitForMailLink(dataDir, "graderingvipps@example.no", /\/arrangementer\/min-pamelding\/([\w-]+)/),
  ];

  // A sale of club gear: one order of two lines picked up at the door, and one cancelled by the family (its
  // stock back on the shelf).
  await call("PUT", `/api/ArrangementAdmin/Put/${saleSlug}/${token}`, {
    kind: "salg",
    title: "Klubbtøy desember",
    firstDay: "2026-12-01",
    lastDay: "2026-12-20",
    registrationOpensAt: "2026-10-01T08:00:00+02:00",
    registrationClosesAt: "2026-12-15T23:59:00+01:00",
    items: [
      {
        id: "t-skjorte",
        name: "T-skjorte",
        price: 200,
        variants: [
          { id: "S", stock: 5 },
          { id: "M", stock: 4 },
        ],
      },
      { id: "hettegenser", name: "Hettegenser", price: 450, variants: [{ id: "L", stock: 2 }] },
    ],
    pickUpPlace: "Klubblokalet",
    pickUpTime: "Mandag etter trening",
  });
  await call("POST", `/api/ArrangementAdmin/Publish/${saleSlug}/${token}`);
  const saleOrder = (email: string, lastName: string, items: { itemId: string; variant: string; quantity: number }[]) => ({
    draftId: randomUUID(),
    dataConsent: true,
    termsAccepted: true,
    contact: { firstName: "Forelder", lastName, email, telephone: "92345679" },
    participants: [],
    items,
    vipps: false,
  });
  for (const [email, lastName, items] of [
    [
      "klubbtoy@example.no",
      "Tøysen",
      [
        { itemId: "t-skjorte", variant: "M", quantity: 2 },
        { itemId: "hettegenser", variant: "L", quantity: 1 },
      ],
    ],
    ["klubbtoyavbestilt@example.no", "Angresen", [{ itemId: "t-skjorte", variant: "S", quantity: 3 }]],
  ] as const) {
    const answer = await call("POST", `/api/Arrangement/Post/${saleSlug}`, saleOrder(email, lastName, [...items]));
    if (answer.text !== "Done") throw new Error(`sale order ${lastName}: ${answer.text}`);
  }
  const saleLinks = [
    await waitForMailLink(dataDir, "klubbtoy@example.no", /\/arrangementer\/min-pamelding\/([\w-]+)/),
    await waitForMailLink(dataDir, "klubbtoyavbestilt@example.no", /\/arrangementer\/min-pamelding\/([\w-]+)/),
  ];
  await call("POST", `/api/Arrangement/Cancel/${saleLinks[1]}`, {});

  await settle(base, dataDir);
  const registrations = (await persons()).filter((person) => !person.isLedsager).map((person) => person.registrationId);
  const waitlist = (await call("GET", admin("Waitlist"))).json as { registrationId: number }[];
  return {
    campYear: 2026,
    campLinks: await mailLinks(dataDir, /\/vinterleir\/min-pamelding\/([\w-]+)/),
    waitlistOffers: [offerLink],
    eventLinks: [...gradingLinks, ...saleLinks],
    gradingSlug,
    saleSlug,
    registrationIds: [...new Set([...registrations, ...waitlist.map((entry) => entry.registrationId)])].sort((a, b) => a - b),
  };
}

interface PersonOnPage {
  key: string;
  kind: string;
  firstName: string;
}
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;
const personsOf = (value: unknown): PersonOnPage[] => (isObject(value) && Array.isArray(value.persons) ? (value.persons as PersonOnPage[]) : []);

/** The cancel key («companion-<id>») of a companion on a «Min påmelding» page. */
function companionKey(view: unknown, firstName: string): string {
  const found = findDeep(view, (value) => personsOf(value).some((person) => person.kind === "companion" && person.firstName === firstName));
  const person = personsOf(found).find((candidate) => candidate.firstName === firstName);
  if (!person) throw new Error(`no companion ${firstName} on the family's page`);
  return person.key;
}

/** The order id of the registration whose athlete is `firstName`, on a «Min påmelding» page. */
function orderIdOf(view: unknown, firstName: string): string {
  const found = findDeep(
    view,
    (value) =>
      isObject(value) &&
      typeof value.orderId === "string" &&
      personsOf(value).some((person) => person.kind === "athlete" && person.firstName === firstName),
  );
  if (!isObject(found)) throw new Error(`no athlete ${firstName} on the family's page`);
  return found.orderId as string;
}

function findDeep(value: unknown, test: (value: unknown) => boolean): unknown {
  if (test(value)) return value;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = findDeep(item, test);
      if (found) return found;
    }
  } else if (value && typeof value === "object") {
    for (const item of Object.values(value)) {
      const found = findDeep(item, test);
      if (found) return found;
    }
  }
  return undefined;
}

interface StoredMail {
  to: string;
  subject: string;
  text: string;
}

async function mails(dataDir: string): Promise<StoredMail[]> {
  const dir = path.join(dataDir, "mail");
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith(".json")).sort();
  return Promise.all(names.map(async (name) => JSON.parse(await readFile(path.join(dir, name), "utf8")) as StoredMail));
}

/** Every distinct link of this kind in the mail folder, in the order they were mailed. */
async function mailLinks(dataDir: string, pattern: RegExp): Promise<string[]> {
  const found: string[] = [];
  for (const mail of await mails(dataDir)) {
    for (const match of mail.text.matchAll(new RegExp(pattern, "g"))) if (!found.includes(match[1]!)) found.push(match[1]!);
  }
  return found;
}

async function waitForMailLink(dataDir: string, to: string, pattern: RegExp): Promise<string> {
  let link: string | undefined;
  await waitUntil(`a mail to ${to}`, async () => {
    const mail = (await mails(dataDir)).find((candidate) => candidate.to.includes(to) && pattern.test(candidate.text));
    link = mail ? pattern.exec(mail.text)![1] : undefined;
    return Boolean(link);
  });
  return link!;
}

/** Until the outbox has sent everything (no new mail for a few seconds) and the jobs have nothing left. */
async function settle(_base: string, dataDir: string) {
  let count = -1;
  let quietSince = Date.now();
  while (Date.now() - quietSince < 4000) {
    const now = (await mails(dataDir)).length;
    if (now !== count) {
      count = now;
      quietSince = Date.now();
    }
    await sleep(500);
  }
}

async function waitUntil(what: string, done: () => Promise<boolean>, seconds = 60) {
  for (let i = 0; i < seconds * 4; i++) {
    if (await done()) return;
    await sleep(250);
  }
  throw new Error(`gave up waiting for ${what}`);
}

await main();
