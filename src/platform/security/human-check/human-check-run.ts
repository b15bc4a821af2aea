import { z } from "zod";
import { HttpError, type HttpClient } from "../../http/http-client.ts";
import { HUMAN_CHECK_PATHS, humanCheckChallenge } from "./human-check-limits.ts";
import { expectedProgress, solveProofOfWork, type SolveOptions } from "./proof-of-work.ts";

/**
 * One run of the human-check widget in the browser: fetch a challenge, solve
 * it with Web Crypto, post the work. The server sets the pass cookie when it
 * accepts the work.
 */

export const challengeResponseSchema = z.object({
  challenge: z.string().min(1).max(1024),
  difficulty: z.number().int().min(0).max(humanCheckChallenge.maxDifficultyBits),
  expiresAt: z.string(),
});

export const verifyResponseSchema = z.object({ status: z.literal("ok") });

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
    const issued = await client.request("GET", HUMAN_CHECK_PATHS.challenge, challengeResponseSchema, { quiet: true });
    signal?.throwIfAborted();
    onProgress?.(0);
    const counter = await solveProofOfWork(issued.challenge, issued.difficulty, {
      ...solveOptions,
      ...(signal ? { signal } : {}),
      onProgress: (attempts) => onProgress?.(expectedProgress(attempts, issued.difficulty)),
    });
    signal?.throwIfAborted();
    try {
      await client.request("POST", HUMAN_CHECK_PATHS.verify, verifyResponseSchema, { body: { challenge: issued.challenge, counter }, quiet: true });
    } catch (error) {
      if (error instanceof HttpError && error.status === 422) return "failed";
      throw error;
    }
    onProgress?.(1);
    return "passed";
  };
}
