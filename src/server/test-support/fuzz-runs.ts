/**
 * How many runs each fuzz property gets: `FUZZ_RUNS` sets the runs per endpoint, 40 by default (a quick pass
 * inside `npm test`); `npm run test:properties` (in `.ci/run`) uses 400, `npm run test:fuzz` 10,000.
 */
export const fuzzRuns = Math.max(1, Number(process.env.FUZZ_RUNS) || 40);

/**
 * For a property that insists some of its generated requests are accepted (so the checks on stored data and
 * mails run on real rows): only a few generated bodies pass every field, and 40 runs leave that to chance (a
 * check run once stored none), so these keep 200 runs in the quick pass.
 */
export const acceptingRuns = Math.max(fuzzRuns, 200);

/**
 * The runs for a read whose only inputs are its token, a query string and headers it does not use. Those
 * inputs are few and quickly refused or ignored: past a thousand runs the big pass would mostly repeat the
 * same read (and build the same Excel file) instead of sending bodies and path parameters to code that
 * parses them.
 */
export function readRuns(runs: number = fuzzRuns): number {
  return Math.min(runs, 1000);
}

/**
 * PostgreSQL runs the same properties; in the reliability run (FUZZ_RUNS=10000) it takes a fifth of the runs
 * unless FUZZ_RUNS_POSTGRES says otherwise, so the whole run stays within minutes on two cores.
 */
export function runsFor(kind: string, runs: number): number {
  if (kind !== "postgres" || !process.env.FUZZ_RUNS) return runs;
  const postgresRuns = Number(process.env.FUZZ_RUNS_POSTGRES);
  return postgresRuns > 0 ? Math.round((runs * postgresRuns) / fuzzRuns) : Math.max(200, Math.round(runs / 5));
}

/**
 * A limit against hangs, not a speed check: a property of 10,000 runs with database work takes a while, and
 * on a shared 2-core machine a 1,000-run property of reads took 95 s at a load average of 25.
 */
export const fuzzTimeoutMs = Math.max(120_000, fuzzRuns * 100);
