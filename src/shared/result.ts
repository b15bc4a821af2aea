/**
 * Expected domain failures are values, not exceptions (an illegal move, not
 * your turn, club full). Isomorphic and dependency-free, so that `src/chess/`,
 * services, socket commands and the browser can all share it.
 */
export type Result<T, E extends string = string> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: E; readonly values?: Readonly<Record<string, string | number>> };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const fail = <E extends string>(error: E, values?: Readonly<Record<string, string | number>>): Result<never, E> =>
  values ? { ok: false, error, values } : { ok: false, error };
