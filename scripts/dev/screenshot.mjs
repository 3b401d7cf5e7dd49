/**
 * Takes screenshots of pages for a look: node scripts/dev/screenshot.mjs <baseUrl> <outDir> <path> [path...]
 * Each path is shot at 360 px (phone) and 1280 px (desktop), full page.
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "../browser.mjs";

const [baseUrl, outDir, ...paths] = process.argv.slice(2);
if (!baseUrl || !outDir || paths.length === 0) {
  console.error("usage: node scripts/dev/screenshot.mjs <baseUrl> <outDir> <path> [path...]");
  process.exit(2);
}
await mkdir(outDir, { recursive: true });
const browser = await chromium.launch(chromiumLaunchOptions());
for (const [label, width] of [
  ["phone", 360],
  ["desktop", 1280],
]) {
  const page = await browser.newPage({ viewport: { width, height: 800 } });
  page.on("console", (msg) => msg.type() === "error" && console.error(`[${label}] console error: ${msg.text()}`));
  for (const p of paths) {
    await page.goto(new URL(p, baseUrl).href, { waitUntil: "networkidle" });
    const file = path.join(outDir, `${p.replace(/\W+/g, "_") || "home"}-${label}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await page.close();
}
await browser.close();
