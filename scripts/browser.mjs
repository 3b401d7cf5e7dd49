/** One place for how we start Debian's Chromium (tests, screenshots, benchmarks). */
import { existsSync } from "node:fs";

export const chromiumFlags = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function chromiumPath() {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean);
  return candidates.find((candidate) => existsSync(candidate));
}

export function chromiumLaunchOptions() {
  const executablePath = chromiumPath();
  if (!executablePath) {
    throw new Error("Fant ikke Chromium. Installer den med `sudo apt-get install -y chromium` eller sett CHROMIUM_PATH.");
  }
  return { executablePath, args: chromiumFlags.filter((flag) => !flag.startsWith("--headless")), headless: true };
}
