import { defineConfig } from "drizzle-kit";

// One schema file per feature area, one folder of versioned SQL migrations (`npm run db:generate`).
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/server/db/schema/*.ts",
  out: "./src/server/db/migrations",
});
