import fastifyCompress from "@fastify/compress";
import { constants } from "node:zlib";
import type { FastifyInstance } from "fastify";

/**
 * Bodies below this many bytes go uncompressed. A body this small fits one
 * TCP segment as it is, so compressing it saves the reader no round trip,
 * while a brotli stream costs about 0.1 ms of CPU per response (decision
 * 0047: presence of a few members, ~700 bytes, was brotli'd on every poll).
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

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
