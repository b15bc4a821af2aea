import { describe, expect, it, vi } from "vitest";
import { cacheBusted, CHUNK_RETRIES, chunkErrorCode, failedModuleUrl, importWithRetry } from "./chunk-retry.ts";

const failure = (url: string) => new TypeError(`Failed to fetch dynamically imported module: ${url}`);

describe("lazy chunk retries", () => {
  it("finds the module URL in the browser's error", () => {
    expect(failedModuleUrl(failure("http://localhost:3000/assets/popover-Ab12.js"))).toBe("http://localhost:3000/assets/popover-Ab12.js");
    expect(failedModuleUrl(new Error("something else"))).toBeNull();
  });

  it("busts the cache on each attempt", () => {
    expect(cacheBusted("http://x/a.js", 1, 5)).toBe("http://x/a.js?retry=1&t=5");
    expect(cacheBusted("http://x/a.js?v=2", 2, 6)).toBe("http://x/a.js?v=2&retry=2&t=6");
  });

  it("retries twice with cache-busting and then succeeds", async () => {
    const load = vi.fn(async () => Promise.reject(failure("http://x/assets/chunk.js")));
    const importUrl = vi.fn().mockRejectedValueOnce(failure("http://x/assets/chunk.js?retry=1")).mockResolvedValueOnce({ default: "module" });
    await expect(importWithRetry(load, importUrl)).resolves.toEqual({ default: "module" });
    expect(importUrl).toHaveBeenCalledTimes(2);
    expect(importUrl.mock.calls[0]?.[0]).toMatch(/chunk\.js\?retry=1&t=\d+$/);
    expect(importUrl.mock.calls[1]?.[0]).toMatch(/chunk\.js\?retry=2&t=\d+$/);
  });

  it("gives up after two retries", async () => {
    const importUrl = vi.fn().mockRejectedValue(new Error("still failing"));
    await expect(importWithRetry(() => Promise.reject(failure("http://x/assets/c.js")), importUrl)).rejects.toThrow("still failing");
    expect(importUrl).toHaveBeenCalledTimes(CHUNK_RETRIES);
  });

  it("reports CSS chunks with their own code", () => {
    expect(chunkErrorCode("Unable to preload CSS for /assets/root-x.css")).toBe("CSS_CHUNK_LOAD_FAILED");
    expect(chunkErrorCode("Failed to fetch dynamically imported module: /assets/a.js")).toBe("JS_CHUNK_LOAD_FAILED");
  });
});
