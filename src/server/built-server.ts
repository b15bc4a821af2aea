/**
 * The server as it ships (decision 0046): `npm run build` writes it to
 * `builtServerEntry` (scripts/build-server.ts, relative to the repository
 * root), and `npm run serve`, the end-to-end journeys' servers and the benches
 * start `node` on it with these flags.
 */
export const builtServerEntry = "build/server-node/main.js";

/**
 * A young generation large enough that a live game's state, replaced on every
 * move, dies young instead of filling the old generation (decision 0039).
 */
export const serverNodeFlags: readonly string[] = ["--max-semi-space-size=128"];

/** `node`'s arguments for the built server: what `npm run serve` runs (package.json, checked by built-server.test.ts). */
export const builtServerArgs: readonly string[] = [...serverNodeFlags, builtServerEntry];
