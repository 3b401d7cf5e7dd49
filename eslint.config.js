// ESLint (flat config): the import boundaries of docs/decisions/0010-import-boundaries.md, React's rules of
// hooks, and typescript-eslint's recommended rules (those that cost noise are turned off below, with why).
import { readdirSync } from "node:fs";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/** The folders directly under a room: its features and its shared building blocks. */
const foldersOf = (room) =>
  readdirSync(new URL(`./src/${room}/`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith("+") && !entry.name.startsWith("."))
    .map((entry) => entry.name);

/** A relative import into another room: `../../server/…` from src/web, and so on. */
const intoRoom = (room) => ({
  regex: `^(?:\\.\\./)+${room}/`,
  message: `src/${room} is another room: see docs/decisions/0010-import-boundaries.md.`,
});

/**
 * A relative import into a subfolder of another top-level folder of the same room (`../camp/admin/x.ts`
 * from src/web/members): another feature's internals. Its top-level files are its surface.
 */
const intoInternalsOf = (folder) => ({
  regex: `^(?:\\.\\./)+${folder}/[^/]+/`,
  message: `${folder}/…/ is another feature's inside: import its top-level files, or move what is shared to src/shared (docs/decisions/0010-import-boundaries.md).`,
});

const tests = ["**/*.test.ts", "**/*.test.tsx", "**/test-support/**", "**/*.fixture.ts"];

/** The building blocks of each room, open to every feature down to their subfolders; every other top-level folder is a feature. */
const buildingBlocks = {
  web: ["components", "lib", "layout", "styles", "test-support"],
  server: ["db", "http", "jobs", "security", "mail", "exports", "payments", "test-support"],
};

/** Per room: files in each top-level folder may not reach into another feature's subfolders. */
const featureBoundaries = (room) =>
  foldersOf(room).map((folder) => ({
    files: [`src/${room}/${folder}/**/*.{ts,tsx}`],
    ignores: tests,
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            intoRoom(room === "web" ? "server" : "web"),
            ...foldersOf(room)
              .filter((other) => other !== folder && !buildingBlocks[room].includes(other))
              .map(intoInternalsOf),
          ],
        },
      ],
    },
  }));

export default tseslint.config(
  { ignores: ["build/**", ".react-router/**", "node_modules/**", "test-results/**", "playwright-report/**", "data/**", "**/*.d.ts"] },
  {
    files: ["**/*.{ts,tsx}"],
    extends: [tseslint.configs.recommended],
    plugins: { "react-hooks": reactHooks },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      // Effects that run once on purpose say so with a disable comment beside them.
      "react-hooks/exhaustive-deps": "error",
      // A variable a closure reads before its one assignment (a job started later) stays `let`.
      "prefer-const": ["error", { ignoreReadBeforeAssign: true }],
      // `_name` marks a value left out on purpose (destructuring to drop a field, an unused parameter).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_", caughtErrors: "none" },
      ],
    },
  },
  // Small parts a newcomer can read: a function over 100 lines or a file over 300 is split (tests aside).
  {
    files: ["src/**/*.{ts,tsx}"],
    ignores: tests,
    rules: { "max-lines-per-function": ["error", { max: 100 }], "max-lines": ["error", { max: 300 }] },
  },
  // The three rooms: web and server never import each other; shared imports neither.
  {
    files: ["src/web/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [intoRoom("server")] }] },
  },
  {
    files: ["src/server/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [intoRoom("web")] }] },
  },
  {
    files: ["src/shared/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [intoRoom("web"), intoRoom("server")] }] },
  },
  ...featureBoundaries("web"),
  ...featureBoundaries("server"),
  // Tests keep the room rule: they may read across features (what they test), never across rooms.
  {
    files: tests.map((pattern) => `src/web/${pattern}`),
    rules: { "no-restricted-imports": ["error", { patterns: [intoRoom("server")] }] },
  },
  {
    files: tests.map((pattern) => `src/server/${pattern}`),
    rules: { "no-restricted-imports": ["error", { patterns: [intoRoom("web")] }] },
  },
);
