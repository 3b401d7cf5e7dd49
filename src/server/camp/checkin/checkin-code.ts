import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { checkInCodeLength, encodeCrockford, normaliseCheckInCode } from "../../../shared/camp/camp-checkin.ts";
import type { Db } from "../../db/database.ts";
import { campCheckinSecret } from "../../db/schema/camp-checkin.ts";

/**
 * The check-in code a confirmation mail carries (as a QR code and as text): an HMAC-SHA256 of the
 * registration's order id with the server's secret key, 28 Crockford base32 characters (140 bits). Opaque:
 * neither the order id nor anything else about the person can be read from it, and it cannot be made
 * without the key. Nothing per registration is stored; the door finds a code by computing the codes of
 * the current camp's registrations.
 */

/** One read of the key per database handle (the key never changes once the migration made it). */
const keys = new WeakMap<object, Promise<Buffer>>();

export function checkInKey(db: Pick<Db, "select">): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = readKey(db);
    keys.set(db, key);
    key.catch(() => keys.delete(db));
  }
  return key;
}

async function readKey(db: Pick<Db, "select">): Promise<Buffer> {
  const [row] = await db.select({ secret: campCheckinSecret.secret }).from(campCheckinSecret).where(eq(campCheckinSecret.id, 1));
  if (!row) throw new Error("The check-in key is missing (migration 0009_camp_checkin not applied?)");
  return Buffer.from(row.secret, "utf8");
}

function checkInCodeWithKey(key: Buffer, orderId: string): string {
  const mac = createHmac("sha256", key).update(`camp-checkin:v1:${orderId}`, "utf8").digest();
  return encodeCrockford(mac, checkInCodeLength);
}

export async function checkInCodeFor(db: Pick<Db, "select">, orderId: string): Promise<string> {
  return checkInCodeWithKey(await checkInKey(db), orderId);
}

/** The order id among `candidates` whose code this is (compared in constant time), or undefined. */
export function matchCheckInCode(key: Buffer, raw: string, candidates: readonly string[]): string | undefined {
  const code = normaliseCheckInCode(raw);
  if (!code) return undefined;
  const wanted = Buffer.from(code, "ascii");
  let found: string | undefined;
  for (const orderId of candidates) {
    if (timingSafeEqual(Buffer.from(checkInCodeWithKey(key, orderId), "ascii"), wanted)) found ??= orderId;
  }
  return found;
}
