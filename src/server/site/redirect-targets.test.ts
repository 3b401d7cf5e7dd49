/**
 * No answer of the site sends the browser to another host, whatever the path: the trailing-slash redirect
 * echoes the request's own path, and a path that starts with `//`, `/\` or the like would be read by a
 * browser as "go to that host". Every Location is resolved here the way a browser resolves it (WHATWG URL)
 * against http://127.0.0.1/ and must stay there.
 */
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fuzzRuns } from "../test-support/fuzz-runs.ts";
import { buildTestSiteApp } from "../test-support/site.ts";

/** Request targets an attacker would put in a link to make our redirect point at evil.example. */
const hostilePaths = [
  "//evil.example/",
  "//a//evil.example/",
  "///evil.example/",
  "////evil.example//",
  "/%2F%2Fevil.example/",
  "/%2f%2fevil.example/",
  "/%2F/evil.example/",
  "/%5Cevil.example/",
  "/%5c%5cevil.example/",
  "/%09/evil.example/",
  "/%0d%0a/evil.example/",
  "/%20//evil.example/",
  "/.//evil.example/",
  "/..//evil.example/",
  "//evil.example/%2F../",
  "//evil.example/?next=//evil.example/",
  "//evil.example//?a=1&b=%2F%2Fevil.example",
  "//127.0.0.1@evil.example/",
  "//evil.example:80@127.0.0.1/",
  "/http://evil.example/",
  "/https:/evil.example/",
  "//%65vil.example/",
  "//%0A?/",
  "//%0a//evil.example/",
];

/**
 * The same with backslashes. The injector (light-my-request) parses its URL as a browser would and turns
 * `\` into `/` or refuses it, so these go over real HTTP only, where the server sees them as sent.
 */
const backslashPaths = [
  "/\\evil.example/",
  "/\\\\evil.example/",
  "/\\/evil.example/",
  "//\\evil.example/",
  "///\\\\\\evil.example///?x=/\\y",
  "/\\%2F/%5C/evil.example/",
  "\\/evil.example/",
];

/** Where a browser would go, or undefined for no redirect; fails when that is not 127.0.0.1. */
function expectLocal(location: string | string[] | undefined, path: string) {
  if (location === undefined) return;
  const target = new URL(String(location), "http://127.0.0.1/");
  expect(target.host, `${path} → Location: ${String(location)}`).toBe("127.0.0.1");
}

let app: Awaited<ReturnType<typeof buildTestSiteApp>>["app"];
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, close } = await buildTestSiteApp());
});

afterAll(() => close());

describe("redirects stay on this site", () => {
  it.each(hostilePaths)("GET %s", async (path) => {
    for (const method of ["GET", "HEAD"] as const) {
      const res = await app.inject({ method, url: path });
      expect(res.statusCode, path).toBeLessThan(500);
      expectLocal(res.headers.location, path);
    }
  });

  it("turns the doubled start of a path into one slash rather than a host", async () => {
    const res = await app.inject({ url: "//a//evil.example/" });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe("/a//evil.example");
  });
});

describe("redirects stay on this site over real HTTP", () => {
  let port: number;

  beforeAll(async () => {
    await app.listen({ port: 0, host: "127.0.0.1" });
    port = (app.server.address() as AddressInfo).port;
  });

  /** The request target exactly as given (node:http sends `path` unchanged; fetch would normalise it), one connection each. */
  function get(path: string): Promise<{ status: number; location: string | undefined }> {
    return new Promise((resolve, reject) => {
      const req = httpRequest({ host: "127.0.0.1", port, path, method: "GET", agent: false }, (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
      });
      req.on("error", reject);
      req.end();
    });
  }

  it.each([...hostilePaths, ...backslashPaths, "http://evil.example/om/", "/om/oss/?//evil.example"])("GET %s", async (path) => {
    const { status, location } = await get(path);
    expect(status, path).toBeLessThan(500);
    expectLocal(location, path);
  });

  it("turns leading backslashes into one slash rather than a host", async () => {
    expect(await get("/\\evil.example/x/")).toEqual({ status: 301, location: "/evil.example/x" });
  });

  it("holds for generated mixes of slashes, backslashes, encodings and control characters", async () => {
    const piece = fc.constantFrom(
      "/",
      "\\",
      "%2F",
      "%2f",
      "%5C",
      "%5c",
      "%09",
      "%0A",
      ".",
      "..",
      "%2e",
      "@",
      ":",
      "evil.example",
      "127.0.0.1",
      "?",
      "#",
      "a",
    );
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { maxLength: 12 }), async (pieces) => {
        const path = `/${pieces.join("")}/`;
        const { status, location } = await get(path);
        expect(status, path).toBeLessThan(500);
        expectLocal(location, path);
      }),
      { numRuns: fuzzRuns },
    );
  });

  it("keeps the ordinary redirect", async () => {
    expect(await get("/om/oss/?a=1")).toEqual({ status: 301, location: "/om/oss?a=1" });
  });
});
