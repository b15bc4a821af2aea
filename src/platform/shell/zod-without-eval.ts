/**
 * Zod 4 probes `new Function("")` once to decide whether to compile its
 * object parsers. Our Content-Security-Policy allows no eval, so the browser
 * reports that (caught) probe as a violation on every page that builds a
 * schema. Zod skips the probe when its global config says `jitless`; the
 * config is a plain global, so this classic inline script sets it before any
 * module (and so any schema) runs, without loading zod itself.
 */
export const ZOD_WITHOUT_EVAL = "(globalThis.__zod_globalConfig??={}).jitless=true;";
