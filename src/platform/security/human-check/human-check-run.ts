import { HttpError, type HttpClient } from "../../http/http-client.ts";
import { HUMAN_CHECK_PATHS, humanCheckChallenge } from "./human-check-limits.ts";
import { expectedProgress, solveProofOfWork, type SolveOptions } from "./proof-of-work.ts";

/**
 * One run of the human-check widget in the browser: fetch a challenge, solve
 * it with Web Crypto, post the work. The server sets the pass cookie when it
 * accepts the work.
 */

/** The answer of GET HUMAN_CHECK_PATHS.challenge (human-check.server.ts). */
export interface IssuedChallenge {
  readonly challenge: string;
  readonly difficulty: number;
  readonly expiresAt: string;
}

/** The answer of POST HUMAN_CHECK_PATHS.verify. */
export interface VerifiedWork {
  readonly status: "ok";
}

/** A difficulty past the cap would keep the page busy for hours: refuse it rather than start. */
function checkedDifficulty(difficulty: unknown): number {
  if (typeof difficulty !== "number" || !Number.isInteger(difficulty) || difficulty < 0 || difficulty > humanCheckChallenge.maxDifficultyBits) {
    throw new Error(`human check: unusable difficulty ${String(difficulty)}`);
  }
  return difficulty;
}

/**
 * "passed": the server accepted the work and set a pass. "failed": the server
 * refused it (expired, reused, wrong): the widget reported failure without a
 * pass. Anything else (network, server error, a broken answer) is a widget
 * error and rejects.
 */
export type HumanCheckOutcome = "passed" | "failed";

export interface HumanCheckRunOptions {
  /** The estimated share of the work done, 0..1. */
  readonly onProgress?: (fraction: number) => void;
  readonly signal?: AbortSignal;
}

export type HumanCheckRun = (options: HumanCheckRunOptions) => Promise<HumanCheckOutcome>;

/** A run through `client`: an HTTP client without a challenge handler of its own (the check must not challenge itself). */
export function createHumanCheckRun(client: HttpClient, solveOptions: Pick<SolveOptions, "batchSize" | "digest"> = {}): HumanCheckRun {
  return async ({ onProgress, signal }) => {
    const issued = await client.request<IssuedChallenge>("GET", HUMAN_CHECK_PATHS.challenge, { quiet: true });
    const difficulty = checkedDifficulty(issued.difficulty);
    signal?.throwIfAborted();
    onProgress?.(0);
    const counter = await solveProofOfWork(issued.challenge, difficulty, {
      ...solveOptions,
      ...(signal ? { signal } : {}),
      onProgress: (attempts) => onProgress?.(expectedProgress(attempts, difficulty)),
    });
    signal?.throwIfAborted();
    try {
      await client.request<VerifiedWork>("POST", HUMAN_CHECK_PATHS.verify, { body: { challenge: issued.challenge, counter }, quiet: true });
    } catch (error) {
      if (error instanceof HttpError && error.status === 422) return "failed";
      throw error;
    }
    onProgress?.(1);
    return "passed";
  };
}
