import { createHash, randomBytes, scrypt, timingSafeEqual, type BinaryLike, type ScryptOptions } from "node:crypto";

/**
 * The browser sends SHA-256(password) as hex; that digest is password-equivalent, so the server
 * keeps only a salted scrypt hash of it. Stored as `scrypt$N$r$p$salt$hash` so the cost can be raised later.
 */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}
export const PRODUCTION_HASH_COST: Readonly<ScryptCost> = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;

/**
 * The cost new hashes get. Tests log in and start apps thousands of times, each hash about 150 ms at the
 * production cost; the Vitest config sets TEST_PASSWORD_HASH_N to a small power of two, and it is honoured
 * only under NODE_ENV=test. Anything else (production, development, a malformed value) gets the production
 * cost. Verifying always uses the cost stored with the hash.
 */
export function passwordHashCost(env: NodeJS.ProcessEnv = process.env): Readonly<ScryptCost> {
  if (env.NODE_ENV !== "test" || !env.TEST_PASSWORD_HASH_N) return PRODUCTION_HASH_COST;
  const N = Number(env.TEST_PASSWORD_HASH_N);
  const powerOfTwo = Number.isInteger(N) && N >= 2 && N <= PRODUCTION_HASH_COST.N && (N & (N - 1)) === 0;
  return powerOfTwo ? { ...PRODUCTION_HASH_COST, N } : PRODUCTION_HASH_COST;
}

export function sha256Hex(value: string): string {
  return createHash("sha256").update(value, "utf8").digest("hex");
}

/** What the client sends: 64 hex digits (crypto-js writes lower case; upper case is accepted). */
export function isPasswordDigest(value: string): boolean {
  return /^[0-9a-f]{64}$/i.test(value);
}

export async function hashPasswordDigest(digest: string, cost: Readonly<ScryptCost> = passwordHashCost()): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(digest.toLowerCase(), salt, KEY_LENGTH, { ...cost });
  return ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64"), hash.toString("base64")].join("$");
}

export async function verifyPasswordDigest(digest: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const actual = await scryptAsync(digest.toLowerCase(), Buffer.from(salt, "base64"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(actual, expected);
}

/** Equal-length digests compared in constant time, for values that are not hashed on their own (usernames). */
export function safeEqual(a: string, b: string): boolean {
  return timingSafeEqual(createHash("sha256").update(a).digest(), createHash("sha256").update(b).digest());
}

function scryptAsync(password: BinaryLike, salt: BinaryLike, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  // N=2^15, r=8 needs 32 MiB, exactly Node's default limit; leave headroom.
  return new Promise((resolve, reject) =>
    scrypt(password, salt, keyLength, { ...options, maxmem: 128 * options.N! * options.r! * 2 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}
