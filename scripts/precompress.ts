/**
 * Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every
 * compressible file of the client build, so the static files plugin serves
 * them without compressing per request. Run by `npm run build`.
 */
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const compressible = /\.(js|mjs|css|html|json|svg|txt|xml|map|webmanifest)$/;
/** Smaller files are not worth an encoding (the same threshold as dynamic responses). */
const minimumBytes = 256;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (compressible.test(entry.name)) yield path;
  }
}

async function precompress(root: string): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  const totals = { files: 0, bytes: 0, brotliBytes: 0 };
  for await (const path of filesUnder(root)) {
    if ((await stat(path)).size < minimumBytes) continue;
    const content = await readFile(path);
    const brotli = brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    });
    await writeFile(`${path}.br`, brotli);
    await writeFile(`${path}.gz`, gzipSync(content, { level: 9 }));
    totals.files += 1;
    totals.bytes += content.length;
    totals.brotliBytes += brotli.length;
  }
  return totals;
}

const root = process.argv[2] ?? "build/client";
const { files, bytes, brotliBytes } = await precompress(root);
console.log(`precompressed ${files} files under ${root}: ${Math.round(bytes / 1024)} KB -> ${Math.round(brotliBytes / 1024)} KB brotli`);
