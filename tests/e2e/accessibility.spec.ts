import AxeBuilder from "@axe-core/playwright";
import { test, expect } from "./fixtures.ts";
import { staticPaths } from "../../src/shared/site/site-pages.ts";

const appPaths = ["/vinterleir/registrering", "/vinterleir/deltakere", "/vinterleir/deltakere/admin", "/nyttmedlem", "/nyttmedlem/sjekk", "/invoices", "/vinterleir/venteliste/ukjent-lenke"];

for (const path of [...staticPaths, ...appPaths, "/finnes/ikke"]) {
  test(`axe finds no violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });
}
