import { checkInPagePath } from "./site-pages.ts";

/**
 * The doors that work with no network, each with a service worker of its own built from one source
 * (src/web/components/door/service-worker/door-worker.ts, by scripts/door-worker-build.ts): where the
 * worker is served, the pages it answers for (its scope), its caches' prefix, the route whose files it
 * keeps and the public files besides (docs/decisions/0024-offline-door.md, 0040-one-offline-door.md).
 */
export interface DoorWorker {
  path: string;
  scope: string;
  cachePrefix: string;
  routeId: string;
  publicFiles: readonly string[];
}

/** The events' door: the chooser and every event's door below it. */
export const eventDoorPagePath = "/arrangementer/admin/dor";

export const doorWorkers = {
  camp: {
    path: "/innsjekk-sw.js",
    scope: checkInPagePath,
    cachePrefix: "stk-innsjekk-",
    routeId: "camp/checkin/CheckInPage",
    // The page's own manifest and the icons it names.
    publicFiles: ["/innsjekk.webmanifest", "/favicon.svg", "/bilder/logo.svg"],
  },
  events: {
    path: "/arrangement-dor-sw.js",
    scope: eventDoorPagePath,
    cachePrefix: "stk-arrangement-dor-",
    routeId: "events/EventDoorPage",
    publicFiles: ["/favicon.svg", "/bilder/logo.svg"],
  },
} as const satisfies Record<string, DoorWorker>;
