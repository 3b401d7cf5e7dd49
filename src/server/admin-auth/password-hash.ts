import { createHash, randomBytes, scrypt, timingSafeEqual, type BinaryLike, type ScryptOptions } from "node:crypto";

/**
 * The browser sends SHA-256(password) as hex; that digest is password-equivalent, so the server
 * keeps only a salted scrypt hash of it. Stored as `scrypt$N$r$p$salt$hash` so the cost can be raised later.
 */
const COST = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;

export function sha256Hex(value: string): string {
  return createHash("sha256").update(value, "utf8").digest("hex");
}

/** What the client sends: 64 hex digits (crypto-js writes lower case; upper case is accepted). */
export function isPasswordDigest(value: string): boolean {
  return /^[0-9a-f]{64}$/i.test(value);
}

export async function hashPasswordDigest(digest: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(digest.toLowerCase(), salt, KEY_LENGTH, COST);
  return ["scrypt", COST.N, COST.r, COST.p, salt.toString("base64"), hash.toString("base64")].join("$");
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
