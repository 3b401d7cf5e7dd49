/** Field messages by where they belong: `from`, `to`, or `{index}.number` / `{index}.name` of the chart. */
export type Errors = Record<string, string>;

export function errorsOf(issues: readonly { path: string; message: string }[], prefix: string): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const key = issue.path.startsWith(prefix) ? issue.path.slice(prefix.length) : issue.path;
    errors[key] ??= issue.message;
  }
  return errors;
}

export const zodIssues = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) =>
  issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }));
