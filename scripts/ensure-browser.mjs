/**
 * Makes sure Debian's Chromium is there: its headless shell for the browser tests, the whole browser for the
 * page benchmarks and screenshots. Playwright's own browser download does not work on machines that only
 * reach the npm registry and Debian's packages, so we use the distribution's.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chromiumPath, headlessShellPath } from "./browser.mjs";

export function ensureBrowser() {
  const found = chromiumPath();
  if (found && headlessShellPath()) return found;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (isRoot && existsSync("/usr/bin/apt-get")) {
    console.log("Chromium mangler: installerer Debians chromium og chromium-headless-shell med apt-get ...");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    execFileSync("apt-get", ["install", "-y", "-qq", "chromium", "chromium-headless-shell"], { stdio: "inherit", env });
    const installed = chromiumPath();
    if (installed) return installed;
  }
  // Without root: the browser tests run in the whole browser when the shell is missing, only slower.
  if (found) return found;
  console.error(
    [
      "Nettlesertestene trenger Chromium, men fant den ikke.",
      "  Debian/Ubuntu: sudo apt-get install -y chromium chromium-headless-shell",
      "  Andre systemer: installer Chromium eller Chrome og sett CHROMIUM_PATH=/sti/til/chromium",
    ].join("\n"),
  );
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureBrowser());
