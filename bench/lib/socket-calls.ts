import { WebSocket } from "ws";
import { addressOf, percentile } from "./bench-kit.ts";
import type { LoadResult } from "./load.ts";

/**
 * The hub lets a socket send 5 commands a second (a burst of 20): each socket
 * asks 4 times a second at most, and the load comes from many sockets spread
 * over loopback addresses (the hub's per-address socket limit).
 */
const ASKS_PER_SOCKET_PER_SECOND = 4;

/** One socket asking a command again once each answer arrives (paced under the hub's rate limit); the answers' latencies in ms. */
function askInLoop(url: string, index: number, command: string, input: object, until: number, latencies: number[], failures: { refused: number; errors: number }): Promise<void> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { perMessageDeflate: false, localAddress: addressOf(index) });
    let sentAt = 0;
    let next = 0;
    const ask = () => {
      if (Date.now() >= until) {
        ws.close();
        return;
      }
      sentAt = performance.now();
      ws.send(JSON.stringify({ type: "command", data: { id: String(next++), name: command, input } }));
    };
    ws.on("message", (raw: Buffer) => {
      const type: unknown = Reflect.get(JSON.parse(raw.toString()) ?? {}, "type");
      if (type !== "ack" && type !== "refusal") return;
      const latency = performance.now() - sentAt;
      if (type === "ack") latencies.push(latency);
      else failures.refused += 1;
      setTimeout(ask, Math.max(0, 1000 / ASKS_PER_SOCKET_PER_SECOND - latency));
    });
    ws.once("open", ask);
    ws.once("error", () => {
      failures.errors += 1;
      resolve();
    });
    ws.once("close", () => resolve());
  });
}

/**
 * A socket command asked in a loop on `sockets` anonymous sockets for
 * `seconds` (after a 2 s warm-up): at most sockets x 4 asks a second are
 * offered, so the rate is the server's only when it answers fewer.
 */
export async function measureSocketCommand(name: string, url: string, command: string, input: object, options: { seconds?: number; sockets?: number } = {}): Promise<LoadResult> {
  const sockets = options.sockets ?? 1000;
  const run = async (seconds: number, count: number) => {
    const latencies: number[] = [];
    const failures = { refused: 0, errors: 0 };
    const until = Date.now() + seconds * 1000;
    await Promise.all(Array.from({ length: count }, (_, index) => askInLoop(url, index, command, input, until, latencies, failures)));
    return { latencies, failures };
  };
  const warmup = await run(2, 50);
  const seconds = options.seconds ?? 8;
  const { latencies, failures } = await run(seconds, sockets);
  const sorted = Float64Array.from(latencies).sort();
  return {
    name,
    url: `${url} ${command}`,
    requestsPerSecond: Math.round(latencies.length / seconds),
    latencyP50Ms: percentile(sorted, 50),
    latencyP99Ms: percentile(sorted, 99),
    non2xx: failures.refused,
    errors: failures.errors,
    requestsServed: warmup.latencies.length + latencies.length,
  };
}
