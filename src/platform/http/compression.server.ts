import fastifyCompress from "@fastify/compress";
import { constants } from "node:zlib";
import type { FastifyInstance } from "fastify";

/** Bodies below this many bytes go uncompressed: the encoding would not pay for its header. */
export const COMPRESSION_THRESHOLD_BYTES = 256;

/**
 * Brotli quality for responses made per request (pages, JSON). Quality 11,
 * node's default, costs ~30x the CPU of 4 for a few per cent fewer bytes; the
 * built assets are compressed once at build time at 11 (scripts/precompress.ts).
 */
const DYNAMIC_BROTLI_QUALITY = 4;

/**
 * Every response of the app (pages, JSON, the public API) is compressed, with
 * brotli or gzip as the client accepts. Static assets are served precompressed
 * by the static files plugin instead (see pages.server.ts).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    encodings: ["br", "gzip"],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } },
  });
}
