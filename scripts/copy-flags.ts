/**
 * Copies flag-icons' 4x3 SVGs into the client build under the versioned path
 * that src/ui/flag-files.ts names; the static files plugin serves /assets/
 * with long-lived caching, and precompress.ts compresses them. Run by
 * `npm run build` before precompressing.
 */
import { copyFile, mkdir, readdir } from "node:fs/promises";
import { join } from "node:path";
import { flagAssetBase } from "../src/ui/flag-files.ts";

const source = "node_modules/flag-icons/flags/4x3";
const target = join(process.argv[2] ?? "build/client", flagAssetBase);
await mkdir(target, { recursive: true });
const files = (await readdir(source)).filter((name) => name.endsWith(".svg"));
await Promise.all(files.map((name) => copyFile(join(source, name), join(target, name))));
console.log(`copied ${files.length} flags to ${target}`);
