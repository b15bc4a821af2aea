import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";
import { availableParallelism } from "node:os";

const alias = { "~": fileURLToPath(new URL("./src", import.meta.url)) };

/**
 * Two projects: node for services, routes and server integration tests
 * (*.test.ts), jsdom for React components (*.test.tsx).
 * Integration tests run against PGlite always, and against PostgreSQL and
 * Redis too when TEST_DATABASE_URL and REDIS_URL are set (CI sets them).
 */
export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default in a run is one worker fewer than the cores: one on a 2-core machine. The
    // integration suites spend much of their time waiting on PostgreSQL, Redis and sockets, so a
    // worker per core runs the suite about a quarter faster there.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        resolve: { alias },
        test: {
          name: "node",
          environment: "node",
          include: ["src/**/*.test.ts", "scripts/**/*.test.ts", "bench/**/*.test.ts"],
          setupFiles: ["./src/test/setup-node.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        esbuild: { jsx: "automatic" },
        test: {
          name: "dom",
          environment: "jsdom",
          include: ["src/**/*.test.tsx"],
          setupFiles: ["./src/test/setup-dom.ts"],
        },
      },
    ],
  },
});
