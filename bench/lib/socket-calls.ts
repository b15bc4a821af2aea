import { WebSocket } from "ws";
import { percentile } from "./bench-kit.ts";
import type { LoadResult } from "./load.ts";

/** One socket asking a command again as soon as each answer arrives; the answers' latencies in ms. */
function askInLoop(url: string, command: string, input: object, until: number, latencies: number[], failures: { refused: number; errors: number }): Promise<void> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
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
      if (type === "ack") latencies.push(performance.now() - sentAt);
      else failures.refused += 1;
      ask();
    });
    ws.once("open", ask);
    ws.once("error", () => {
      failures.errors += 1;
      resolve();
    });
    ws.once("close", () => resolve());
  });
}

/** A socket command asked in a loop on `sockets` anonymous sockets for `seconds` (after a 2 s warm-up), as autocannon does for a URL. */
export async function measureSocketCommand(name: string, url: string, command: string, input: object, options: { seconds?: number; sockets?: number } = {}): Promise<LoadResult> {
  const sockets = options.sockets ?? 50;
  const run = async (seconds: number, count: number) => {
    const latencies: number[] = [];
    const failures = { refused: 0, errors: 0 };
    const until = Date.now() + seconds * 1000;
    await Promise.all(Array.from({ length: count }, () => askInLoop(url, command, input, until, latencies, failures)));
    return { latencies, failures };
  };
  const warmup = await run(2, 10);
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
