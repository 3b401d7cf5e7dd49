import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// Nothing about the camp is decided at build time: the server renders the pages from the current edition.
export default defineConfig({
  plugins: [reactRouter()],
  publicDir: "content/public",
  build: {
    assetsInlineLimit: 2048,
    rolldownOptions: {
      output: {
        // React DOM in a chunk of its own rather than inside the router's client entry: a working page
        // evaluates its chunks one per task (src/server/site/strip-runtime.ts), and React DOM with the
        // entry's hydration start in one chunk was the longest of those tasks.
        codeSplitting: { groups: [{ name: "react-dom", test: /node_modules[\\/](react-dom|scheduler)[\\/]/ }] },
      },
    },
  },
});
