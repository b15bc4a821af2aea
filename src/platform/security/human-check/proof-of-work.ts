/**
 * The proof of work behind the human check, shared by the browser (which
 * solves) and the server (which verifies). Work for a challenge is a counter
 * such that SHA-256(challenge + ":" + counter) starts with `difficulty` zero
 * bits; finding one takes about 2^difficulty hashes, checking it takes one.
 */

const encoder = new TextEncoder();

/** The bytes that are hashed for one attempt. */
export function workInput(challenge: string, counter: number): Uint8Array<ArrayBuffer> {
  return encoder.encode(`${challenge}:${counter}`);
}

/** How many zero bits a digest starts with. */
export function leadingZeroBits(digest: Uint8Array): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

export function meetsDifficulty(digest: Uint8Array, difficulty: number): boolean {
  return leadingZeroBits(digest) >= difficulty;
}

/** A valid counter: a non-negative safe integer (it is sent as a JSON number). */
export function isWorkCounter(counter: unknown): counter is number {
  return typeof counter === "number" && Number.isSafeInteger(counter) && counter >= 0;
}

/**
 * The chance that the work is done after `attempts` hashes: the honest
 * progress figure for a search with no fixed length.
 */
export function expectedProgress(attempts: number, difficulty: number): number {
  if (attempts <= 0) return 0;
  return 1 - Math.exp(-attempts / 2 ** difficulty);
}

export type Digest = (data: Uint8Array<ArrayBuffer>) => Promise<ArrayBuffer>;

export interface SolveOptions {
  /** Stops the search; the promise rejects with the signal's reason. */
  readonly signal?: AbortSignal;
  /** Called between batches with the number of hashes tried so far. */
  readonly onProgress?: (attempts: number) => void;
  /** Hashes per batch (64: measured fastest in Chromium); the event loop runs between batches. */
  readonly batchSize?: number;
  /** SHA-256; Web Crypto's by default. */
  readonly digest?: Digest;
  readonly yieldToEventLoop?: () => Promise<void>;
}

const webCryptoSha256: Digest = (data) => crypto.subtle.digest("SHA-256", data);

/**
 * Gives the event loop a turn (input, rendering) without setTimeout's 4 ms
 * clamp: a message posted to ourselves runs as the next task.
 */
export function yieldToEventLoop(): Promise<void> {
  if (typeof MessageChannel === "undefined") return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Searches for the work in batches of hashes computed by Web Crypto (which
 * runs them off the main thread), yielding between batches so the page stays
 * responsive and can show progress. Resolves with the first counter found.
 */
export async function solveProofOfWork(challenge: string, difficulty: number, options: SolveOptions = {}): Promise<number> {
  const digest = options.digest ?? webCryptoSha256;
  const batchSize = Math.max(1, options.batchSize ?? 64);
  const pause = options.yieldToEventLoop ?? yieldToEventLoop;
  for (let start = 0; start <= Number.MAX_SAFE_INTEGER - batchSize; start += batchSize) {
    options.signal?.throwIfAborted();
    const counters = Array.from({ length: batchSize }, (_, index) => start + index);
    const digests = await Promise.all(counters.map((counter) => digest(workInput(challenge, counter))));
    const found = digests.findIndex((result) => meetsDifficulty(new Uint8Array(result), difficulty));
    if (found >= 0) return start + found;
    options.onProgress?.(start + batchSize);
    await pause();
  }
  throw new Error("no proof of work found");
}
