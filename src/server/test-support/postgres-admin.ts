/** Reaching the test PostgreSQL server as its administrator: is it there, and create or drop databases. */
import pg from "pg";

export const testDatabaseUrl = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";

export async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: testDatabaseUrl, connectionTimeoutMillis: 2000 });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The `name` column of what `statement` answers. */
export async function adminNames(statement: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: testDatabaseUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return (await client.query<{ name: string }>(statement)).rows.map((row) => row.name);
  } finally {
    await client.end();
  }
}

export function redactPassword(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, "//$1:***@");
}
