import { readdir, stat, unlink } from "node:fs/promises";
import path from "node:path";

/**
 * The local mail folder (no SMTP_URL): each message is `<id>.eml` and `<id>.json`, where the id starts
 * with the time it was saved on the app's clock. Both files hold the recipient and the whole message, so
 * the retention job deletes them like the outbox rows.
 */
export function mailFolderOf(dataDir: string): string {
  return path.resolve(dataDir, "mail");
}

/** "2026-10-15T10-00-00-000Z-42": the save time with file-name-safe separators, then the outbox id. */
export function mailFileId(savedAt: Date, outboxId: number): string {
  return `${savedAt.toISOString().replace(/[:.]/g, "-")}-${outboxId}`;
}

const idTime = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z-\d+\.(eml|json)$/;

/** When a file in the folder was saved: from its name (the app's clock), else its modification time. */
async function savedAt(file: string): Promise<number> {
  const match = idTime.exec(path.basename(file));
  if (match) return Date.parse(`${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z`);
  return (await stat(file)).mtimeMs;
}

/** Deletes the .eml and .json files saved before `cutoff`; answers how many. A missing folder is no error. */
export async function purgeMailFolder(dir: string, cutoff: Date): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  let deleted = 0;
  for (const name of names.filter((n) => /\.(eml|json)$/.test(n))) {
    const file = path.join(dir, name);
    try {
      if ((await savedAt(file)) >= cutoff.getTime()) continue;
      await unlink(file);
      deleted++;
    } catch (error) {
      // Another process running the same job got there first.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  return deleted;
}
