import autocannon from "autocannon";

export interface LoadResult {
  readonly name: string;
  readonly url: string;
  readonly requestsPerSecond: number;
  readonly latencyP50Ms: number;
  readonly latencyP99Ms: number;
  readonly non2xx: number;
  readonly errors: number;
  /** Every request answered, the warm-up's included (to share a process's CPU time out over). */
  readonly requestsServed: number;
}

/** A bounded load run against one URL on loopback (fixed duration, fixed connections). */
export async function measure(name: string, url: string, options: { seconds?: number; connections?: number; headers?: Record<string, string> } = {}): Promise<LoadResult> {
  const headers = options.headers ?? {};
  // Warm up first: JIT, caches and connection pools.
  const warmup = await autocannon({ url, headers, connections: 10, duration: 2 });
  const result = await autocannon({ url, headers, connections: options.connections ?? 50, duration: options.seconds ?? 8 });
  return {
    name,
    url,
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    requestsServed: warmup.requests.total + result.requests.total,
  };
}
