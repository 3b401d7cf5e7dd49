import type { AppLoadContext } from "react-router";
import type { ApiGet } from "./api-client.ts";

/**
 * A working page's first view is rendered on the server with its data (participant list, current edition,
 * a waiting-list offer): its route `loader` reads the API through the server's own `api` in the load
 * context, the page arrives with that view in its HTML and hydrates with the same data. On client-side
 * navigation its `clientLoader` asks the API from the browser instead (the server answers no `.data`
 * requests).
 *
 * `pageData` runs a read for the first view and gives undefined when it fails (or there is no server API,
 * as under `react-router dev`): the page then loads the data in the browser as before, with its retry.
 */
export async function pageData<T>(read: (get?: ApiGet) => Promise<T>, context?: AppLoadContext): Promise<T | undefined> {
  const get = context ? context.api : undefined;
  if (context && !get) return undefined;
  try {
    return await read(get);
  } catch {
    return undefined;
  }
}
