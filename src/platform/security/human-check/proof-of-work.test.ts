import { createHash } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { expectedProgress, isWorkCounter, leadingZeroBits, meetsDifficulty, solveProofOfWork, workInput } from "./proof-of-work.ts";

const sha256 = (challenge: string, counter: number) => createHash("sha256").update(workInput(challenge, counter)).digest();

describe("the proof of work", () => {
  it("counts leading zero bits", () => {
    expect(leadingZeroBits(Uint8Array.from([0xff]))).toBe(0);
    expect(leadingZeroBits(Uint8Array.from([0x01, 0xff]))).toBe(7);
    expect(leadingZeroBits(Uint8Array.from([0x00, 0x00, 0x10]))).toBe(19);
    expect(leadingZeroBits(Uint8Array.from([0x00, 0x00]))).toBe(16);
    expect(meetsDifficulty(Uint8Array.from([0x00, 0x7f]), 9)).toBe(true);
    expect(meetsDifficulty(Uint8Array.from([0x00, 0x7f]), 10)).toBe(false);
  });

  it("hashes challenge + ':' + counter", () => {
    expect(new TextDecoder().decode(workInput("abc.def", 42))).toBe("abc.def:42");
  });

  it("finds work with Web Crypto that node's SHA-256 confirms, and it is the first such counter", async () => {
    const challenge = "challenge-for-the-test";
    const counter = await solveProofOfWork(challenge, 10, { batchSize: 64 });
    expect(leadingZeroBits(sha256(challenge, counter))).toBeGreaterThanOrEqual(10);
    for (let earlier = 0; earlier < counter; earlier += 1) expect(leadingZeroBits(sha256(challenge, earlier))).toBeLessThan(10);
  });

  it("yields between batches and reports progress", async () => {
    const pause = vi.fn(async () => undefined);
    const progress: number[] = [];
    await solveProofOfWork("yielding", 12, { batchSize: 16, yieldToEventLoop: pause, onProgress: (attempts) => progress.push(attempts) });
    expect(pause).toHaveBeenCalled();
    expect(progress.length).toBe(pause.mock.calls.length);
    expect(progress.slice(0, 3)).toEqual([16, 32, 48]);
  });

  it("stops when aborted", async () => {
    const controller = new AbortController();
    const search = solveProofOfWork("never", 30, { batchSize: 8, signal: controller.signal });
    controller.abort(new Error("closed"));
    await expect(search).rejects.toThrow("closed");
  });

  it("estimates progress as the chance of having found the work", () => {
    expect(expectedProgress(0, 16)).toBe(0);
    expect(expectedProgress(2 ** 16, 16)).toBeCloseTo(1 - Math.exp(-1), 6);
    expect(expectedProgress(2 ** 20, 16)).toBeGreaterThan(0.99);
    expect(expectedProgress(2 ** 20, 16)).toBeLessThanOrEqual(1);
  });

  it("accepts only non-negative safe integers as counters", () => {
    expect(isWorkCounter(0)).toBe(true);
    expect(isWorkCounter(123456)).toBe(true);
    for (const bad of [-1, 1.5, Number.MAX_SAFE_INTEGER + 1, Number.NaN, "7", null]) expect(isWorkCounter(bad)).toBe(false);
  });
});
