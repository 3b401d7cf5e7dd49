/**
 * The web app's routes (routes.ts) and the server's list of pages (site-pages.ts) must agree: production
 * serves only the addresses the server knows (static pages, working pages, section redirects), so a page
 * added to routes.ts alone would work under `npm run dev` and be a 404 in production.
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import { clientOnlyPathPatterns, redirects, staticPaths } from "../shared/site/site-pages.ts";
import routes from "./routes.ts";

/** Every address a route answers, with a sample value for each parameter, both ways for optional parts. */
function addressesOf(entries: readonly RouteConfigEntry[], parent = ""): string[] {
  const out: string[] = [];
  for (const entry of entries) {
    const joined = entry.path === undefined ? parent : `${parent}/${entry.path}`;
    if (entry.index || (entry.path !== undefined && !entry.children?.length)) out.push(...samples(joined || "/"));
    if (entry.children) out.push(...addressesOf(entry.children, joined));
  }
  return out;
}

function samples(pattern: string): string[] {
  let variants = [""];
  for (const segment of pattern.split("/").filter(Boolean)) {
    const optional = segment.endsWith("?");
    const name = optional ? segment.slice(0, -1) : segment;
    const values = name === "*" ? ["", "/steg-2"] : name.startsWith(":") ? [`/eksempel-${name.slice(1)}`] : [`/${name}`];
    variants = variants.flatMap((start) => [...values.map((value) => start + value), ...(optional ? [start] : [])]);
  }
  return variants.map((variant) => variant || "/");
}

/** What the production server answers with a page (site/static-site-routes.ts). */
function serverServes(address: string): boolean {
  return staticPaths.includes(address) || address in redirects || clientOnlyPathPatterns.some((pattern) => pattern.test(address));
}

// The not-found route answers every unknown address; the server sends its page with status 404.
const routeAddresses = addressesOf(routes.filter((entry) => entry.path !== "*"));

describe("routes.ts and the server's page list", () => {
  it("finds the pages in routes.ts", () => {
    expect(routeAddresses).toEqual(
      expect.arrayContaining(["/", "/om", "/om/oss", "/vinterleir/registrering/steg-2", "/vinterleir/min-pamelding/eksempel-token", "/vipps"]),
    );
  });

  it("serves every page of routes.ts in production", () => {
    expect(routeAddresses.filter((address) => !serverServes(address))).toEqual([]);
  });

  it("has a route for every static page the server renders", () => {
    const routed = new Set(routeAddresses);
    expect(staticPaths.filter((path) => !routed.has(path))).toEqual([]);
  });
});
