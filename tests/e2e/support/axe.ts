import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** The rules a page is held to: WCAG 2.0 and 2.1, A and AA, and axe's best practices. */
export const axeTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/**
 * What axe finds on the page as it is now, one line per rule with the elements it names: `[]` when it finds
 * nothing. `tags: null` runs every rule axe runs by default; `include` limits the check to one part of the page.
 *
 * axe runs as `axe.run` in the page itself (the builder's legacy mode) instead of `axe.runPartial` in each frame
 * and `axe.finishRun` in a new blank page with axe loaded a second time: the same rules and the same answer on
 * a page without cross-origin frames (the site has none), in half the time. And it gathers only violations, not
 * every rule that passed with the elements it passed on, which nobody reads.
 */
export async function axeViolations(page: Page, options: { tags?: string[] | null; include?: string } = {}): Promise<string[]> {
  let builder = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ["violations"] });
  const tags = options.tags === undefined ? axeTags : options.tags;
  if (tags) builder = builder.withTags(tags);
  if (options.include) builder = builder.include(options.include);
  const results = await builder.analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}
