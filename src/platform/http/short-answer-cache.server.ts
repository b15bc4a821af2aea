/**
 * A per-instance cache of answers that are the same for every asker and may
 * be a moment old: polled JSON such as presence, or a member's card as a
 * visitor sees it (decision 0067). An answer is kept for `ttlMs` (at most a
 * second or so: less than any lag the answer already has by design), and
 * asks that arrive while one is being worked out share it, so a burst of
 * polls for the same key costs one read. The cache holds at most `maxEntries`
 * keys; the oldest goes first. Across instances nothing is shared: each may
 * answer up to `ttlMs` behind, which the pages' live socket updates cover.
 */
export interface ShortAnswerCache<Value> {
  /** The kept answer for this key, or the one `compute` gives (kept if it resolves; a failure is not kept). */
  get(key: string, compute: () => Promise<Value>): Promise<Value>;
  /** Drops a key's answer (what it answers changed here): the next ask reads again. */
  forget(key: string): void;
  /** How many keys are kept now (for tests). */
  readonly size: number;
}

interface Kept<Value> {
  readonly until: number;
  readonly answer: Promise<Value>;
}

export function createShortAnswerCache<Value>(options: { readonly ttlMs: number; readonly maxEntries: number; readonly now?: () => number }): ShortAnswerCache<Value> {
  const now = options.now ?? Date.now;
  const kept = new Map<string, Kept<Value>>();

  function keep(key: string, answer: Promise<Value>, at: number): void {
    if (kept.size >= options.maxEntries) {
      const oldest = kept.keys().next();
      if (!oldest.done) kept.delete(oldest.value);
    }
    kept.set(key, { until: at + options.ttlMs, answer });
  }

  return {
    get(key, compute) {
      const at = now();
      const found = kept.get(key);
      if (found && found.until > at) return found.answer;
      if (found) kept.delete(key);
      const answer = compute();
      keep(key, answer, at);
      // A failed read is not an answer: the next ask tries again.
      answer.catch(() => {
        if (kept.get(key)?.answer === answer) kept.delete(key);
      });
      return answer;
    },
    forget(key) {
      kept.delete(key);
    },
    get size() {
      return kept.size;
    },
  };
}
