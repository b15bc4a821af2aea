import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The repository's root: the nearest folder above this module that holds
 * package.json. The migrations (drizzle/), the message catalogs (src/) and the
 * page build (build/) are found from here, not from a module's own path,
 * because that path differs between the sources (src/platform/…) and the
 * server build (build/server-node/main.js, one file for every module).
 */
function findAppRoot(from: string): string {
  for (let folder = from; ; folder = dirname(folder)) {
    if (existsSync(join(folder, "package.json"))) return folder;
    if (dirname(folder) === folder) throw new Error(`No package.json above ${from}: the server must run from inside its repository.`);
  }
}

export const appRoot = findAppRoot(dirname(fileURLToPath(import.meta.url)));
