import { describe, expect, it } from "vitest";
import { batchMemo } from "./mail-kinds.ts";

describe("what a batch of mails reads once", () => {
  it("reads each key once per batch, and a new batch reads again", async () => {
    let reads = 0;
    const read = () => Promise.resolve(++reads);
    const once = batchMemo();
    expect(await Promise.all([once("club-contact", read), once("club-contact", read)])).toEqual([1, 1]);
    expect(await once("camp-edition:2027", read)).toBe(2);
    expect(await batchMemo()("club-contact", read)).toBe(3);
  });
});
