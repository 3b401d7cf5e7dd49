import { useEffect, useState } from "react";

/**
 * The current time for time-dependent text. During prerender and hydration it is the build time, so the
 * browser's first render matches the HTML; right after, it becomes the browser's clock.
 */
export function useNow(): Date {
  const [now, setNow] = useState(() => new Date(__BUILD_TIME__));
  useEffect(() => setNow(new Date()), []);
  return now;
}
