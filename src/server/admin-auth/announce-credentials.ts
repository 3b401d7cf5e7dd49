import type { Logger } from "../log.ts";
import type { CredentialReport } from "./admin-credentials.ts";

/** Shows generated development passwords once, and logs areas that stay closed (without any secret). */
export function announceAdminCredentials(report: CredentialReport, announce: (message: string) => void, log: Logger): void {
  for (const area of report.missing) {
    log.error({ area }, `admin area "${area}" is closed: no credential configured (see docs/operations.md, "Admin credentials")`);
  }
  if (report.generated.length === 0) return;
  const lines = report.generated.map(({ area, username, password }) =>
    username ? `  ${area}: brukernavn ${username}, passord ${password}` : `  ${area}: passord ${password}`,
  );
  announce(
    [
      "Utviklingspassord for admin (vises bare denne ene gangen; lagret som hash i databasen):",
      ...lines,
      "Bytt med `npm run admin:set-password -- <område> [brukernavn]`.",
    ].join("\n"),
  );
}
