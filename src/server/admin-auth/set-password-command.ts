/**
 * `npm run admin:set-password -- <camp|newmember|invoice> [username]`
 * Reads the new password from stdin (hidden when typed at a terminal), stores only its salted hash and
 * ends the area's existing sessions. With PGlite, stop the server first (one process per data folder).
 */
import { createClock } from "../clock.ts";
import { createInterface } from "node:readline/promises";
import { Writable } from "node:stream";
import { loadEnv } from "../env.ts";
import { openDatabase } from "../startup/open-database.ts";
import { adminAreaConfig, adminAreas, isAdminArea } from "./admin-areas.ts";
import { setAdminPassword } from "./admin-credentials.ts";
import { adminPasswordProblem } from "./password-policy.ts";
import { revokeAllTokens } from "./admin-tokens.ts";

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    let input = "";
    for await (const chunk of process.stdin) input += String(chunk);
    return input.replace(/\r?\n$/, "");
  }
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  process.stdout.write("Nytt passord: ");
  muted = true;
  const password = await rl.question("");
  rl.close();
  process.stdout.write("\n");
  return password;
}

async function main() {
  const [area, username] = process.argv.slice(2);
  if (!area || !isAdminArea(area)) {
    throw new Error(`Usage: npm run admin:set-password -- <${adminAreas.join("|")}> [username]  (password on stdin)`);
  }
  if (username && !adminAreaConfig[area].hasUsername) throw new Error(`The ${area} area has no username.`);
  const password = await readPassword();
  const problem = adminPasswordProblem(password);
  if (problem) throw new Error(`The password ${problem}.`);

  const env = loadEnv();
  const now = createClock(env)();
  const database = await openDatabase(env, now);
  try {
    await setAdminPassword(database.db, area, password, { username, source: "command", now });
    const ended = await revokeAllTokens(database.db, area, now);
    console.log(`Password for "${area}" stored (${database.kind}); ${ended} active session(s) ended.`);
    const envKey = adminAreaConfig[area].passwordEnv;
    if (env[envKey]) console.log(`Note: ${envKey} is set here; a server started with it replaces this password.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
