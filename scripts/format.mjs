/**
 * `npm run format`: Prettier writes the files `npm test` holds to its format (scripts/format-checked.json).
 *
 * `npm run format:all`, run once: Prettier over the whole tree (.prettierignore leaves out what tools make),
 * then the list becomes ["."], so `npm test` checks every file from then on. Until that day the list names
 * the files already formatted: formatting the whole tree at once would collide with every branch in flight,
 * so it waits until they are merged, and lands as a commit of its own.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const listFile = path.join(root, "scripts/format-checked.json");
const prettier = path.join(root, "node_modules/.bin/prettier");
const all = process.argv.includes("--all");

function prettierOn(mode, files) {
  const result = spawnSync(prettier, [mode, "--log-level", "warn", ...files], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const list = JSON.parse(readFileSync(listFile, "utf8"));
if (!all) {
  prettierOn("--write", list.files);
} else {
  list["//"] = "The files `npm test` holds to Prettier's format (scripts/test.mjs): all of them.";
  list.files = ["."];
  writeFileSync(listFile, `${JSON.stringify(list, null, 2)}\n`);
  // Twice: on a few files (comments beside long expressions) Prettier's second pass still moves something.
  prettierOn("--write", ["."]);
  prettierOn("--write", ["."]);
  prettierOn("--check", ["."]);
  console.log('Hele treet er formatert, og scripts/format-checked.json sjekker nå ["."]: kjør npm test og commit det som én endring.');
}
