/**
 * A door page's service worker (one source, service-worker/door-worker.ts, built once per door by
 * scripts/door-worker-build.ts): it keeps the page and its code so the door opens with no network. Its
 * scope is the door's own pages, so no other page of the site is ever served from it.
 */
export function registerDoorWorker(worker: { path: string; scope: string }): void {
  // Only the production build has the worker (the development server serves the code from source).
  if (!import.meta.env.PROD || typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register(worker.path, { scope: worker.scope }).catch(() => {
    // No worker (an insecure connection, a private window): the page works as before, online.
  });
}
