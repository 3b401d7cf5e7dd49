import { createContext, useContext, useEffect, useState } from "react";

/** The instant the server rendered the page for (root loader); the browser's clock when there is none. */
export const RenderTimeContext = createContext<string | undefined>(undefined);

/**
 * The current time for time-dependent text. During the server render and hydration it is the render time,
 * so the browser's first render matches the HTML; right after, it becomes the browser's clock.
 */
export function useNow(): Date {
  const renderedAt = useContext(RenderTimeContext);
  const [now, setNow] = useState(() => (renderedAt ? new Date(renderedAt) : new Date()));
  useEffect(() => setNow(new Date()), []);
  return now;
}
