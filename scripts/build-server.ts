/**
 * Builds the server process (src/server/main.ts and everything it imports:
 * the composition root, the features, the platform, the seed) into one ES
 * module, so that `npm run serve` starts plain `node` on JavaScript instead
 * of transpiling TypeScript at run time through tsx (decision 0046). Only our
 * own code is bundled: every package stays an import from node_modules, as
 * native ones (argon2, sharp, pg, PGlite's WASM) must. The pages stay React
 * Router's build (build/server/index.js), which the server imports at start.
 * Run by `npm run build`.
 */
import { build } from "esbuild";
import { rmSync } from "node:fs";
import { dirname } from "node:path";
import { builtServerEntry } from "../src/server/built-server.ts";

rmSync(dirname(builtServerEntry), { recursive: true, force: true });
const result = await build({
  entryPoints: ["src/server/main.ts"],
  outfile: builtServerEntry,
  bundle: true,
  packages: "external",
  platform: "node",
  format: "esm",
  target: "node20.19",
  tsconfig: "tsconfig.json",
  sourcemap: process.env.KS_SOURCEMAP === "1" ? "linked" : false,
  logLevel: "warning",
  metafile: true,
});
const modules = Object.keys(result.metafile.inputs).length;
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
console.log(`built the server: ${modules} modules -> ${builtServerEntry} (${Math.round(bytes / 1024)} KB)`);
