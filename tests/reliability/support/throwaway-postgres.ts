/**
 * A PostgreSQL cluster of the test's own (initdb + pg_ctl into a temp folder, on a free port), so a test
 * can stop and start the database under a running server without touching the machine's PostgreSQL.
 *
 * The server binaries come from PG_BIN, else `pg_config --bindir`, else /usr/lib/postgresql/<newest>/bin.
 * PostgreSQL refuses to run as root: as root the commands run as the `postgres` user (runuser), which owns
 * the temp folder.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { chown, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../../scripts/bench/server.mjs";

function postgresBinDir(): string | undefined {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const versions = existsSync("/usr/lib/postgresql")
    ? readdirSync("/usr/lib/postgresql")
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    const dir = `/usr/lib/postgresql/${version}/bin`;
    if (existsSync(path.join(dir, "pg_ctl"))) return dir;
  }
  try {
    const dir = execFileSync("pg_config", ["--bindir"], { encoding: "utf8" }).trim();
    if (existsSync(path.join(dir, "pg_ctl"))) return dir;
  } catch {
    // no pg_config
  }
  return undefined;
}

/** Why a throwaway cluster cannot be made here, or undefined when it can. */
export function throwawayPostgresUnavailable(): string | undefined {
  const bin = postgresBinDir();
  if (!bin || !existsSync(path.join(bin, "initdb"))) return "no PostgreSQL server binaries (initdb, pg_ctl); set PG_BIN";
  if (process.getuid?.() === 0) {
    try {
      execFileSync("id", ["-u", "postgres"], { stdio: "ignore" });
    } catch {
      return "running as root without a `postgres` user to run PostgreSQL as";
    }
  }
  return undefined;
}

export interface ThrowawayPostgres {
  port: number;
  /** postgres://postgres@127.0.0.1:port/postgres */
  url: string;
  start(): void;
  /** `pg_ctl stop -m immediate`: the server vanishes as in a crash or a lost host. */
  stopImmediately(): void;
  destroy(): Promise<void>;
}

export async function createThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error(throwawayPostgresUnavailable());
  const asRoot = process.getuid?.() === 0;
  const dir = await mkdtemp(path.join(os.tmpdir(), "stk-pg-"));
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    await chown(dir, uid, gid);
  }
  const run = (tool: string, args: string[]) => {
    const command = path.join(bin, tool);
    const [file, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
    return execFileSync(file, argv, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 60_000 });
  };
  const dataDir = path.join(dir, "data");
  const port = await freePort();
  run("initdb", ["-D", dataDir, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  let running = false;
  const cluster: ThrowawayPostgres = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start() {
      run("pg_ctl", ["-D", dataDir, "-o", options, "-l", path.join(dir, "log"), "-w", "-t", "30", "start"]);
      running = true;
    },
    stopImmediately() {
      run("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
      running = false;
    },
    async destroy() {
      if (running) {
        try {
          cluster.stopImmediately();
        } catch {
          // already gone
        }
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
  cluster.start();
  return cluster;
}
