import type { Redis } from "ioredis";

/** Renews a lease only while this instance still holds it (compare, then extend). */
const renewScript = `if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("PEXPIRE", KEYS[1], ARGV[2]) else return 0 end`;

const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export interface LeaseFigures {
  readonly games: number;
  readonly acquireAllMs: number;
  readonly renewAllMs: number;
  readonly renewCommandsPerSecondAt5sInterval: number;
  readonly ownershipCheckP50Ms: number;
  readonly ownershipCheckP99Ms: number;
}

/**
 * What a Redis lease per game costs: taking N leases (SET NX PX, pipelined),
 * renewing them all (a compare-and-extend script, pipelined) and, for scale,
 * a per-move ownership check (one GET round trip) that the append-only log's
 * primary key makes unnecessary.
 */
export const measureLeases = async (redis: Redis, games: number, instanceId: string): Promise<LeaseFigures> => {
  const keys = Array.from({ length: games }, (_, index) => `bench:lease:game:${index}`);
  await redis.del(...keys);
  const acquireStarted = performance.now();
  const acquire = redis.pipeline();
  for (const key of keys) acquire.set(key, instanceId, "PX", 10_000, "NX");
  await acquire.exec();
  const acquireAllMs = performance.now() - acquireStarted;

  const renewStarted = performance.now();
  const renew = redis.pipeline();
  for (const key of keys) renew.eval(renewScript, 1, key, instanceId, "10000");
  const renewed = await renew.exec();
  const renewAllMs = performance.now() - renewStarted;
  if (renewed?.some(([error, value]) => error || value !== 1)) throw new Error("a lease renewal failed");

  const checks: number[] = [];
  for (let round = 0; round < 2000; round++) {
    const started = performance.now();
    await redis.get(keys[round % games] ?? "");
    checks.push(performance.now() - started);
  }
  checks.sort((a, b) => a - b);
  await redis.del(...keys);
  return {
    games,
    acquireAllMs: round2(acquireAllMs),
    renewAllMs: round2(renewAllMs),
    renewCommandsPerSecondAt5sInterval: games / 5,
    ownershipCheckP50Ms: round2(percentile(checks, 50)),
    ownershipCheckP99Ms: round2(percentile(checks, 99)),
  };
};

export const round2 = (value: number): number => Math.round(value * 100) / 100;
