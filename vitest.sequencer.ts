import { readFileSync } from "node:fs";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** The environment a test file asks for in its docblock (`// @vitest-environment happy-dom`), else the project's. */
function environmentOf(file: TestSpecification): string {
  const head = readFileSync(file.moduleId, "utf8").slice(0, 500);
  return /@vitest-environment\s+([\w-]+)/.exec(head)?.[1] ?? file.project.config.environment;
}

/**
 * Vitest's order (project by project, the longest or largest file first), with the files of one environment
 * together inside each project: node first (the database tests, the longest), then happy-dom.
 *
 * Why: a worker is kept for the next file only when that file has the same project and environment
 * (`isolate: false`); otherwise Vitest stops it and starts a new one, which imports the whole server again
 * (5 s on an idle machine). In Vitest's own order the 54 component files (happy-dom) sit between the server's
 * files, so a run started dozens of workers; grouped, each worker changes environment at most once.
 */
export class EnvironmentGroupsSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const projects = [...new Set(sorted.map((file) => file.project.name))];
    const rank = (file: TestSpecification) => projects.indexOf(file.project.name) * 2 + (environmentOf(file) === "node" ? 0 : 1);
    const ranks = new Map(sorted.map((file) => [file, rank(file)]));
    // Array.prototype.sort is stable: inside a group the files keep Vitest's order.
    return sorted.sort((a, b) => ranks.get(a)! - ranks.get(b)!);
  }
}
