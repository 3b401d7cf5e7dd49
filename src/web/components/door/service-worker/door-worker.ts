/**
 * A door's service worker, one source for every door (src/shared/site/door-workers.ts): bundled by the
 * build (scripts/door-worker-build.ts) once per door, to /innsjekk-sw.js for the camp's and
 * /arrangement-dor-sw.js for the events', with the door's files, its cache prefix and their version filled
 * in. Registered with the door's page as its scope, so it answers for that page (and the pages below it: an
 * event's door under the chooser) and the files they load, and for nothing else on the site.
 *
 * - The pages themselves (no personal data: the server sends their loading view): from the network when
 *   there is one (and kept, each under its own address), from the cache when there is none or it is too
 *   slow; a page below the scope never kept opens from the scope's own page (the same code).
 * - The page's code, styles and icons: kept at install (hashed names never change) and served from the cache.
 * - Everything else, the API above all, goes to the network untouched: the page keeps its own data.
 */

/** The page's files (set by the build). */
declare const __DOOR_FILES__: string[];
/** A hash of those files: a new build is a new cache. */
declare const __DOOR_VERSION__: string;
/** The door's caches' prefix: each door deletes only its own old caches. */
declare const __DOOR_CACHE_PREFIX__: string;

// The DOM library's types are the project's; the few worker types used here are spelled out.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}
interface WorkerScope {
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  registration: { scope: string };
  location: { origin: string };
}
const worker = self as unknown as WorkerScope;

const cachePrefix = __DOOR_CACHE_PREFIX__;
const cacheName = `${cachePrefix}${__DOOR_VERSION__}`;
const pagePath = new URL(worker.registration.scope).pathname;
/** How long the page waits for the network before it opens from the cache (a basement with a weak signal). */
const networkWaitMs = 4000;

worker.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(cacheName);
      await cache.addAll([pagePath, ...__DOOR_FILES__]);
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(cachePrefix) && name !== cacheName) await caches.delete(name);
      }
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin) return;
  const doorPage = url.pathname === pagePath || url.pathname.startsWith(`${pagePath}/`);
  if (request.mode === "navigate" && doorPage) return event.respondWith(page(request, url.pathname));
  if (__DOOR_FILES__.includes(url.pathname)) event.respondWith(file(request));
});

async function page(request: Request, path: string): Promise<Response> {
  const cache = await caches.open(cacheName);
  const fromNetwork = fetch(request).then(async (response) => {
    if (response.ok) await cache.put(path, response.clone());
    return response;
  });
  fromNetwork.catch(() => undefined);
  const timeout = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), networkWaitMs));
  try {
    const first = await Promise.race([fromNetwork, timeout]);
    if (first) return first;
  } catch {
    // No network: the kept page below.
  }
  const kept = (await cache.match(path)) ?? (await cache.match(pagePath));
  return kept ?? fromNetwork;
}

async function file(request: Request): Promise<Response> {
  const cache = await caches.open(cacheName);
  const kept = await cache.match(request, { ignoreSearch: true });
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}
