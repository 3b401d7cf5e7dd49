import { randomInt } from "node:crypto";

/** No 0/O, 1/I/L: people read order ids aloud and type them from a receipt. */
export const ORDER_ID_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const RANDOM_LENGTH = 6;

/**
 * "VL26-4F7K2Q": camp (VL = vinterleir), the edition's two-digit year, six random characters (31^6 ≈ 887
 * million per year). Random, not sequential, so an id does not reveal how many registered or lead to
 * someone else's. Also the payment reference (Vipps allows [A-Za-z0-9-], 8–64 characters).
 */
export function newOrderId(editionYear: number, random: (max: number) => number = randomInt): string {
  let suffix = "";
  for (let i = 0; i < RANDOM_LENGTH; i++) suffix += ORDER_ID_ALPHABET[random(ORDER_ID_ALPHABET.length)];
  return `VL${String(editionYear % 100).padStart(2, "0")}-${suffix}`;
}

export const orderIdPattern = /^VL\d{2}-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/;
