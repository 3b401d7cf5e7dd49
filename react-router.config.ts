import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./src/shared/site/site-pages.ts";

export default {
  appDirectory: "src/web",
  buildDirectory: "build",
  // Information pages are prerendered to static HTML; forms and admin pages render in the browser.
  ssr: false,
  prerender: prerenderPaths,
} satisfies Config;
