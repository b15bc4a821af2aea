import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  // Every module that defines tables, wherever its owner lives (a feature or the platform).
  schema: "./src/**/*.tables.server.ts",
  out: "./drizzle",
});
