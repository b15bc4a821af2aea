import { defineConfig, devices } from "@playwright/test";
import { builtServerArgs } from "./src/server/built-server.ts";

const port = Number(process.env.E2E_PORT ?? 3100);

/**
 * End-to-end journeys in Debian's Chromium (/usr/bin/chromium): Playwright's
 * own browser download is not available here. The server under test is the
 * real one as it ships (the server build: `npm run build` first), on a fresh
 * embedded database filled with the demo data.
 */
export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: `rm -rf .e2e-data && SEED_DEMO_GAMES=200 DATA_DIR=.e2e-data PORT=${port} HOST=127.0.0.1 LOG_LEVEL=warn HUMAN_CHECK_LIMITS=registration=100,guest=100 node ${builtServerArgs.join(" ")}`,
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
  },
});
