// dependency-cruiser (`npm run lint:deps`): no import cycles anywhere in src/, and the server's layers
// (docs/decisions/0048-server-layers-and-no-cycles.md). ESLint keeps the rooms and the features' insides
// (docs/decisions/0010-import-boundaries.md); the rooms are repeated here because it costs one rule each.

/** Tests and what only tests use (Vitest's setup file too): they may import across layers (they test what they import). */
const tests = "\\.test\\.tsx?$|\\.fixture\\.tsx?$|/test-support/|^src/test-setup\\.ts$";

/**
 * The server's infrastructure: what every feature builds on, and which knows no feature. Access
 * (admin-auth/: who is signed in) is here because http/'s routes check it.
 */
const infrastructure = [
  "^src/server/(env|errors|logger|log|clock)\\.ts$",
  "^src/server/(db|jobs|http|security|mail|exports|payments|admin-auth)/",
].join("|");

/** The composition root: start-up and the entry points, which wire the features together. Nothing imports it. */
const composition = ["^src/server/(app|main|start-server|startup-summary)\\.ts$", "^src/server/startup/", "-command\\.ts$"].join("|");

/** @type {import("dependency-cruiser").IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "An import cycle, type-only imports included: break it where one side needs only a small piece of the other.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "server-infrastructure-imports-no-feature",
      comment:
        "Infrastructure (db/, mail/, payments/, http/, …) knows no feature: a feature hands it what it needs " +
        "(mail kinds, Vipps sides) through the composition root, app.ts.",
      severity: "error",
      from: { path: infrastructure, pathNot: `${tests}|${composition}` },
      to: { path: "^src/server/", pathNot: infrastructure },
    },
    {
      name: "server-nothing-imports-the-composition-root",
      comment: "app.ts, main.ts and startup/ wire the features; a feature or infrastructure never imports them.",
      severity: "error",
      from: { path: "^src/server/", pathNot: `${tests}|${composition}` },
      to: { path: composition },
    },
    {
      name: "production-code-imports-no-test",
      comment: "Test files and test-support/ are for tests only.",
      severity: "error",
      from: { path: "^src/", pathNot: tests },
      to: { path: tests },
    },
    {
      name: "shared-imports-neither-room",
      comment: "src/shared is pure rules: it imports neither src/web nor src/server.",
      severity: "error",
      from: { path: "^src/shared/" },
      to: { path: "^src/(web|server)/" },
    },
    {
      name: "web-imports-no-server",
      severity: "error",
      from: { path: "^src/web/" },
      to: { path: "^src/server/" },
    },
    {
      name: "server-imports-no-web",
      comment: "The server loads the web app's server build by its file path at run time, never by an import.",
      severity: "error",
      from: { path: "^src/server/" },
      to: { path: "^src/web/" },
    },
  ],
  options: {
    // Only the project's own modules: packages are neither followed nor listed (seconds instead of a minute).
    includeOnly: "^src/",
    doNotFollow: { path: "node_modules" },
    // `import type` counts: a cycle of types is still two files that cannot be understood apart.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
