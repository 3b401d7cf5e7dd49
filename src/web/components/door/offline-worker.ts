import { checkInPagePath } from "../../../shared/site/site-pages.ts";

/**
 * The check-in page's service worker (built from service-worker/door-worker.ts to /innsjekk-sw.js): it keeps
 * the page and its code so the door opens with no network. Its scope is the check-in page alone, so no
 * other page of the site is ever served from it.
 */
export const doorWorkerPath = "/innsjekk-sw.js";
export const doorWorkerScope = checkInPagePath;

export function registerDoorWorker(): void {
  // Only the production build has the worker (the development server serves the code from source).
  if (!import.meta.env.PROD || typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register(doorWorkerPath, { scope: doorWorkerScope }).catch(() => {
    // No worker (an insecure connection, a private window): the page works as before, online.
  });
}
