/**
 * Camp registrations for load and fault runs (scripts/bench-api.mjs, tests/reliability): valid, distinct
 * drafts; the camp admin's view of what is stored; a fresh PostgreSQL database per run.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import pg from "pg";

/** Admin credentials handed to the server through CAMP_ADMIN_USERNAME / CAMP_ADMIN_PASSWORD. */
export const ADMIN = { username: "benchadmin", password: "bench-password-123" };

const firstNames = ["Ola", "Kari", "Nora", "Emil", "Sofie", "Jakob", "Ingrid", "Filip", "Maja", "Aksel", "Sara", "Henrik"];
const ages = [8, 9, 10, 11, 12, 13, 14, 16, 19, 25, 34, 47, 58];
const HOME_CLUB = 29;

/**
 * A valid, distinct registration for participant `i` (rules from src/shared/camp/camp-registration-rules.ts and
 * camp-eligibility.ts): every club and grade, children and adults, a fifth with one or two companions,
 * grading/sleepover/instructing only where allowed. Card/cash (or `vipps: true`), so every answer is "Done"
 * (or a payment URL). The last name (`Benk{tag}{i}`) is unique, so the stored rows can be matched draft by draft.
 */
export function makeDraft(tag, i, { vipps = false } = {}) {
  const age = ages[i % ages.length];
  const clubId = i % 4 === 0 ? HOME_CLUB : 1 + ((i * 7) % 38);
  const gradeId = 1 + ((i * 5) % 23);
  const home = clubId === HOME_CLUB;
  const mayGrade = (home && gradeId < 14 && age < 13) || gradeId >= 14;
  const maySleep = !(home && age < 12);
  const master = gradeId >= 18;
  const lastName = `Benk${tag}${String(i).padStart(4, "0")}`;
  const companions = i % 10 === 0 ? 2 : i % 5 === 0 ? 1 : 0;
  return {
    draftId: randomUUID(),
    // The browser's own secret for the draft: a retry of the same draft carries it, as the wizard's does.
    draftSecret: randomBytes(32).toString("base64url"),
    dataConsent: true,
    termsAccepted: true,
    firstName: firstNames[i % firstNames.length],
    lastName,
    age,
    email: `deltaker${i}@example.no`,
    telephone: `9${String(1_000_000 + i).slice(-7)}`,
    clubId,
    gradeId,
    gradering: mayGrade && i % 3 === 0,
    sleepover: maySleep && i % 2 === 0,
    hasLedsager: companions > 0,
    ledsagere: Array.from({ length: companions }, (_, c) => ({
      id: `c${c + 1}`,
      firstName: c === 0 ? "Forelder" : "Verge",
      lastName,
      age: 35 + c * 7,
      telephone: `4${String(2_000_000 + i * 2 + c).slice(-7)}`,
      email: `ledsager${i}-${c}@example.no`,
      sleepover: c === 0,
      alreadyRegistered: false,
    })),
    allergies: i % 9 === 0 ? "Nøtter" : "",
    vegan: i % 6 === 0,
    otherInfo: i % 11 === 0 ? "Kommer fredag kveld." : "",
    wantsToInstruct: master && i % 2 === 0,
    public: i % 7 !== 0,
    instructor: master ? 1 + (i % 2) : 0,
    vipps,
  };
}

/**
 * A family for load runs: three athletes in one submission (the first athlete's draft with two siblings),
 * sharing the contact details, card/cash, so the answer is "Done" and one confirmation mail goes out for
 * all three. Last names `Benk{tag}F{i}a|b|c` are unique. No companions and no master grade, so the
 * siblings inherit nothing a rule would refuse.
 */
export function makeFamily(tag, i) {
  const first = makeDraft(`${tag}F`, i);
  const lastName = (letter) => `Benk${tag}F${String(i).padStart(4, "0")}${letter}`;
  const sibling = (letter, age) => ({
    firstName: letter === "b" ? "Lea" : "Jon",
    lastName: lastName(letter),
    age,
    gradeId: 3,
    gradering: false,
    sleepover: false,
    hasLedsager: false,
    ledsagere: [],
    allergies: "",
    vegan: false,
    otherInfo: "",
    wantsToInstruct: false,
    public: true,
  });
  return {
    ...first,
    lastName: lastName("a"),
    age: 40,
    gradeId: 10,
    gradering: false,
    sleepover: false,
    hasLedsager: false,
    ledsagere: [],
    wantsToInstruct: false,
    instructor: 0,
    siblings: [sibling("b", 10), sibling("c", 13)],
  };
}

/** GET /api/VinterleirAdmin/GetToken with the browser's SHA-256 digest of the password; answers the token. */
export async function adminLogin(base, admin = ADMIN) {
  const digest = createHash("sha256").update(admin.password).digest("hex");
  const login = await fetch(`${base}/api/VinterleirAdmin/GetToken/${admin.username}/${digest}`);
  if (!login.ok) throw new Error(`admin login: ${login.status} ${await login.text()}`);
  return login.text();
}

export async function adminGet(base, token, what) {
  const answer = await fetch(`${base}/api/VinterleirAdmin/${what}/${token}`);
  if (!answer.ok) throw new Error(`admin ${what}: ${answer.status} ${await answer.text()}`);
  return answer.json();
}

/**
 * Nothing lost, nothing twice: the camp admin's view (`Totals` and `Get`) against `drafts`, which must all
 * be confirmed (and nothing else). `doneCount`: how many answered Done (default: all of them).
 */
export async function verifyAgainstAdmin(base, drafts, { admin = ADMIN, doneCount = drafts.length } = {}) {
  const token = await adminLogin(base, admin);
  const totals = await adminGet(base, token, "Totals");
  const persons = await adminGet(base, token, "Get");
  const athletes = new Map();
  const companions = new Map();
  for (const person of persons) {
    const into = person.isLedsager ? companions : athletes;
    into.set(person.lastname, (into.get(person.lastname) ?? 0) + 1);
  }
  let missing = 0;
  let duplicated = 0;
  let companionMismatch = 0;
  for (const draft of drafts) {
    const seen = athletes.get(draft.lastName) ?? 0;
    if (seen === 0) missing++;
    if (seen > 1) duplicated++;
    if ((companions.get(draft.lastName) ?? 0) !== draft.ledsagere.length * Math.min(seen, 1)) companionMismatch++;
  }
  const known = new Set(drafts.map((draft) => draft.lastName));
  const unexpected = [...athletes.keys()].filter((name) => !known.has(name)).length;
  const expectedPersons = drafts.reduce((sum, draft) => sum + 1 + draft.ledsagere.length, 0);
  const ok =
    totals.registrations === doneCount &&
    totals.registrations === drafts.length &&
    totals.count === expectedPersons &&
    missing === 0 &&
    duplicated === 0 &&
    companionMismatch === 0 &&
    unexpected === 0;
  return { ok, confirmed: totals.registrations, persons: totals.count, expectedPersons, missing, duplicated, companionMismatch, unexpected };
}

/** A fresh, uniquely named database on the PostgreSQL at `serverUrl` (no database in the URL); `drop()` removes it. */
export async function createPostgresDatabase(serverUrl, prefix = "stk_bench") {
  const name = `${prefix}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres`, connectionTimeoutMillis: 5000 });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return {
    name,
    url: `${serverUrl}/${name}`,
    drop: async () => {
      const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** Whether a PostgreSQL answers at `serverUrl`: `{ ok, version }` or `{ ok: false, reason }`. */
export async function postgresReachable(serverUrl) {
  const client = new pg.Client({ connectionString: `${serverUrl}/postgres`, connectionTimeoutMillis: 3000 });
  client.on("error", () => {});
  try {
    await client.connect();
    const { rows } = await client.query("show server_version");
    return { ok: true, version: rows[0].server_version };
  } catch (error) {
    return { ok: false, reason: error.message };
  } finally {
    await client.end().catch(() => {});
  }
}
