import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

// Folders this process holds: a lock file with our own pid that is not here was left by an earlier run
// that had the same pid (common in containers, where the server is often pid 1).
const heldHere = new Set<string>();

/**
 * Marks the embedded database folder as in use by this process. PGlite does not guard against a second
 * process opening the same folder (that corrupts it), e.g. `npm run admin:set-password` while the server runs.
 * A lock left by a crashed process (its pid no longer alive) is taken over.
 */
export async function acquireDataDirLock(dataDir: string): Promise<() => Promise<void>> {
  const lockFile = path.join(dataDir, "..", `${path.basename(dataDir)}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(lockFile, String(process.pid), { flag: "wx" });
      heldHere.add(lockFile);
      return async () => {
        heldHere.delete(lockFile);
        await rm(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(await readFile(lockFile, "utf8").catch(() => ""));
      const ownedByLiveProcess = owner === process.pid ? heldHere.has(lockFile) : owner > 0 && isAlive(owner);
      if (ownedByLiveProcess) {
        throw new Error(
          `The database in ${dataDir} is in use by process ${owner}. Stop it first (PGlite allows one process), ` +
            `or use PostgreSQL (DATABASE_URL). If no such process runs, delete ${lockFile}.`,
        );
      }
      await rm(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock the database folder ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
