import { describe, expect, it } from "vitest";
import { z } from "zod";
import { eventAdminCalls } from "../events/event-admin-calls.ts";
import { eventCalls } from "../events/event-calls.ts";
import { callPath, campAccess, declareCall, jsonAnswer, publicAccess } from "./call.ts";

describe("a declared call", () => {
  it("takes its path parameters from its path, each a string", () => {
    expect(Object.keys(eventAdminCalls.copy.params.shape)).toEqual(["fromSlug", "toSlug", "token"]);
    expect(eventCalls.list.params.safeParse({}).success).toBe(true);
  });

  it("makes its address: each parameter one encoded segment, the query only with its values", () => {
    expect(callPath(eventCalls.detail, { slug: "gradering-mars" })).toBe("/api/Arrangement/Get/gradering-mars");
    expect(callPath(eventCalls.myOrder, { token: "a/b?c" })).toBe("/api/Arrangement/MinPamelding/a%2Fb%3Fc");
    expect(callPath(eventAdminCalls.save, { slug: "kurs", token: "t" }, { create: "1" })).toBe("/api/ArrangementAdmin/Put/kurs/t?create=1");
    expect(callPath(eventAdminCalls.save, { slug: "kurs", token: "t" }, { create: undefined })).toBe("/api/ArrangementAdmin/Put/kurs/t");
  });

  it("refuses a camp call whose token is not its last segment", () => {
    const answer = jsonAnswer(z.object({}), "Nothing.");
    expect(() => declareCall({ method: "GET", path: "/api/X/:token/:slug", access: campAccess(), tag: "X", summary: "X", answer })).toThrow(
      /token last/,
    );
    expect(() => declareCall({ method: "GET", path: "/api/X/:slug", access: publicAccess, tag: "X", summary: "X", answer })).not.toThrow();
  });
});
