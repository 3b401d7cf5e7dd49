import { readFileSync } from "node:fs";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The environment a test file runs in, as the pool compares them: the one its docblock asks for
 * (`// @vitest-environment happy-dom`, with `@vitest-environment-options` if any), else the project's.
 */
function environmentOf(file: TestSpecification): string {
  const head = readFileSync(file.moduleId, "utf8").slice(0, 500);
  const name = /@vitest-environment\s+([\w-]+)/.exec(head)?.[1] ?? file.project.config.environment;
  const options = /@vitest-environment-options\s+(.+)/.exec(head)?.[1] ?? "";
  return `${name} ${options}`.trim();
}

/**
 * Vitest's order (project by project, the longest or largest file first), with the files of one environment
 * together inside each project: node first (the database tests, the longest), then the others by name.
 *
 * Why: a worker is kept for the next file only when that file has the same project and environment
 * (`isolate: false`); otherwise Vitest stops it and starts a new one, which imports the whole server again
 * (5 s on an idle machine). In Vitest's own order the component files (happy-dom) sit between the server's
 * files, and the run kept starting workers: importing took 184 s of its time, 42 s grouped
 * (docs/decisions/0054-vitest-files-grouped-by-environment.md).
 */
export class EnvironmentGroupsSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const projects = [...new Set(sorted.map((file) => file.project.name))];
    const environments = new Map(sorted.map((file) => [file, environmentOf(file)]));
    const group = (file: TestSpecification) => {
      const environment = environments.get(file)!;
      return [projects.indexOf(file.project.name), environment === "node" ? "" : environment] as const;
    };
    // Array.prototype.sort is stable: inside a group the files keep Vitest's order.
    return sorted.sort((a, b) => {
      const [projectA, environmentA] = group(a);
      const [projectB, environmentB] = group(b);
      return projectA - projectB || environmentA.localeCompare(environmentB);
    });
  }
}
