/** One place for how we start Debian's Chromium (tests, screenshots, benchmarks). */
import { existsSync, statfsSync } from "node:fs";

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

/** The first of the paths given that exists (an unset `CHROMIUM_PATH` is skipped). */
const firstExisting = (...candidates) => candidates.find((candidate) => candidate && existsSync(candidate));

/** The whole browser: what the page benchmarks (Lighthouse) and the screenshots run, as a visitor's Chromium. */
export function chromiumPath() {
  return firstExisting(process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser");
}

/**
 * Chromium's headless shell (Debian's `chromium-headless-shell`, the same Blink and V8 without the browser's
 * windows): what the browser tests run. The whole browser opens a window with its own interface renderer for
 * every test's context; the shell does not, and runs the accessibility checks in half the time
 * (docs/decisions/0053-browser-tests-in-the-headless-shell.md). `CHROMIUM_PATH` overrides both.
 */
export function headlessShellPath() {
  return firstExisting(process.env.CHROMIUM_PATH, "/usr/lib/chromium/chromium-headless-shell", "/usr/bin/chromium-headless-shell");
}

/** Chromium keeps its shared memory in /dev/shm when it is large enough (a container's 64 MB is not), else in /tmp. */
function roomyDevShm() {
  try {
    const { bavail, bsize } = statfsSync("/dev/shm");
    return bavail * bsize >= 1024 ** 3;
  } catch {
    return false;
  }
}

function launchOptions(executablePath) {
  if (!executablePath) {
    throw new Error("Fant ikke Chromium. Installer den med `sudo apt-get install -y chromium chromium-headless-shell` eller sett CHROMIUM_PATH.");
  }
  return {
    executablePath,
    args: chromiumFlags.filter((flag) => !flag.startsWith("--headless")),
    headless: true,
    // Playwright moves shared memory to /tmp for small containers; on a disk-backed /tmp that costs system time.
    ignoreDefaultArgs: roomyDevShm() ? ["--disable-dev-shm-usage"] : [],
  };
}

/** Playwright's launch options for the whole browser (screenshots). */
export function chromiumLaunchOptions() {
  return launchOptions(chromiumPath());
}

/** Playwright's launch options for the browser tests: the headless shell, or the whole browser where it is missing. */
export function testBrowserLaunchOptions() {
  return launchOptions(headlessShellPath() ?? chromiumPath());
}
