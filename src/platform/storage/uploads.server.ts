import type { FastifyInstance } from "fastify";
import { AppError } from "../http/errors.ts";
import { isStorageKey, UPLOADS_PATH, type FileStorage } from "./file-storage.ts";

const CONTENT_TYPES: Readonly<Record<string, string>> = { webp: "image/webp", png: "image/png", jpg: "image/jpeg" };

/**
 * GET /uploads/<key>: the stored files, as the storage holds them. Keys are
 * random and a changed file gets a new key, so a file never changes: cached
 * for a year. Unknown or malformed keys are 404.
 */
export function registerUploads(app: FastifyInstance, storage: FileStorage): void {
  app.get(`${UPLOADS_PATH}*`, async (request, reply) => {
    const params: unknown = request.params;
    const key = params && typeof params === "object" && "*" in params && typeof params["*"] === "string" ? params["*"] : "";
    const data = isStorageKey(key) ? await storage.get(key) : null;
    if (!data) throw new AppError("not_found");
    return reply
      .header("content-type", CONTENT_TYPES[key.slice(key.lastIndexOf(".") + 1)] ?? "application/octet-stream")
      .header("cache-control", "public, max-age=31536000, immutable")
      .header("content-security-policy", "default-src 'none'; sandbox")
      .send(data);
  });
}
