import { describe, expect, it } from "vitest";
import { clientOnlyPathPatterns, findSitePage, navigationItems, redirects, sitePages, staticPaths } from "./site-pages.ts";

describe("site pages", () => {
  it("lists the nine menu items in the spec's order", () => {
    expect(navigationItems.map((item) => item.name)).toEqual([
      "Om oss",
      "Barnepartiet",
      "Ungdom/voksenpartiet",
      "Trimrom",
      "Teori",
      "Samarbeidspartnere",
      "Utstyr",
      "Arrangementer",
      "Kontakt",
    ]);
  });

  it("gives every page a unique path, a title and a description of useful length", () => {
    expect(new Set(sitePages.map((p) => p.path)).size).toBe(sitePages.length);
    for (const page of sitePages) {
      expect(page.title.length, page.path).toBeGreaterThan(3);
      expect(page.description.length, page.path).toBeGreaterThanOrEqual(30);
      expect(page.description.length, page.path).toBeLessThanOrEqual(160);
    }
  });

  it("redirects every bare section to a static page", () => {
    for (const target of Object.values(redirects)) expect(staticPaths).toContain(target);
  });

  it("links every menu item to a static page", () => {
    for (const item of navigationItems) expect(staticPaths).toContain(item.link);
  });

  it("finds pages with or without a trailing slash", () => {
    expect(findSitePage("/om/oss/")?.title).toBe("Om oss");
    expect(findSitePage("/finnes/ikke")).toBeUndefined();
  });

  it("keeps browser-only pages out of the static set", () => {
    for (const path of staticPaths) {
      expect(
        clientOnlyPathPatterns.some((pattern) => pattern.test(path)),
        path,
      ).toBe(false);
    }
  });
});
