import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// Nothing about the camp is decided at build time: the server renders the pages from the current edition.
export default defineConfig({
  plugins: [reactRouter()],
  publicDir: "content/public",
  build: {
    assetsInlineLimit: 2048,
  },
});
