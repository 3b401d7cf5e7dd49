import { describe, expect, it } from "vitest";
import { hashPasswordDigest, PRODUCTION_HASH_COST, passwordHashCost, sha256Hex, verifyPasswordDigest } from "./password-hash.ts";

const digest = sha256Hex("et passord");

describe("password hash cost", () => {
  it("is scrypt N=2^15, r=8, p=1 outside the tests, whatever the test variable says", () => {
    expect(PRODUCTION_HASH_COST).toEqual({ N: 32768, r: 8, p: 1 });
    for (const NODE_ENV of [undefined, "production", "development"]) {
      expect(passwordHashCost({ NODE_ENV })).toEqual(PRODUCTION_HASH_COST);
      expect(passwordHashCost({ NODE_ENV, TEST_PASSWORD_HASH_N: "1024" })).toEqual(PRODUCTION_HASH_COST);
    }
  });

  it("takes a lower cost only under NODE_ENV=test, and only a power of two no higher than production's", () => {
    expect(passwordHashCost({ NODE_ENV: "test", TEST_PASSWORD_HASH_N: "1024" })).toEqual({ N: 1024, r: 8, p: 1 });
    for (const bad of ["1000", "0", "1", "-1024", "65536", "abc", "1024.5"]) {
      expect(passwordHashCost({ NODE_ENV: "test", TEST_PASSWORD_HASH_N: bad }), bad).toEqual(PRODUCTION_HASH_COST);
    }
  });

  it("stores a production hash with the production cost, and verifies it", async () => {
    const stored = await hashPasswordDigest(digest, passwordHashCost({ NODE_ENV: "production", TEST_PASSWORD_HASH_N: "1024" }));
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPasswordDigest(digest, stored)).toBe(true);
    expect(await verifyPasswordDigest(sha256Hex("et annet"), stored)).toBe(false);
  });

  it("hashes with the tests' cost here, and verifies by the cost stored with the hash", async () => {
    const cheap = await hashPasswordDigest(digest);
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPasswordDigest(digest.toUpperCase(), cheap)).toBe(true);
  });
});
