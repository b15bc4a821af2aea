import { describe, expect, it } from "vitest";
import { createShortAnswerCache } from "./short-answer-cache.server.ts";

describe("the short answer cache", () => {
  function counted() {
    const clock = { now: 1_000 };
    let reads = 0;
    const cache = createShortAnswerCache<string>({ ttlMs: 1_000, maxEntries: 2, now: () => clock.now });
    const read = (key: string) => cache.get(key, async () => `${key}#${++reads}`);
    return { clock, cache, read, reads: () => reads };
  }

  it("answers a key from the first read until the time is up, then reads again", async () => {
    const { clock, read, reads } = counted();
    expect(await read("a")).toBe("a#1");
    clock.now += 999;
    expect(await read("a")).toBe("a#1");
    clock.now += 1;
    expect(await read("a")).toBe("a#2");
    expect(reads()).toBe(2);
  });

  it("lets asks that arrive during a read share it", async () => {
    const { read, reads } = counted();
    expect(await Promise.all([read("a"), read("a"), read("a")])).toEqual(["a#1", "a#1", "a#1"]);
    expect(reads()).toBe(1);
  });

  it("keeps no failure: the next ask reads again", async () => {
    const { cache } = counted();
    await expect(cache.get("a", () => Promise.reject(new Error("database down")))).rejects.toThrow("database down");
    expect(cache.size).toBe(0);
    expect(await cache.get("a", async () => "fine")).toBe("fine");
  });

  it("holds at most its number of keys, dropping the oldest", async () => {
    const { cache, read } = counted();
    await read("a");
    await read("b");
    await read("c");
    expect(cache.size).toBe(2);
    expect(await read("a")).toBe("a#4");
    expect(await read("c")).toBe("c#3");
  });
});
