/**
 * Memoizes an async computation for `ttlMs`: callers within the window share
 * one result (or one in-flight promise). A failure is not kept.
 */
export function memoizeFor<T>(ttlMs: number, compute: () => Promise<T>, now: () => number = Date.now): () => Promise<T> {
  let cached: { value: Promise<T>; expiresAt: number } | null = null;
  return () => {
    const time = now();
    if (cached && cached.expiresAt > time) return cached.value;
    const value = compute();
    const entry = { value, expiresAt: time + ttlMs };
    cached = entry;
    value.catch(() => {
      if (cached === entry) cached = null;
    });
    return value;
  };
}
