import Fastify from "fastify";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { COMPRESSION_THRESHOLD_BYTES, registerCompression } from "./compression.server.ts";

async function appWithJson(items: number) {
  const app = Fastify();
  await registerCompression(app);
  app.get("/list", async () => ({ items: Array.from({ length: items }, (_, index) => ({ index, name: `member-${index}` })) }));
  await app.ready();
  return app;
}

describe("compression", () => {
  it("sends JSON with brotli when accepted, else gzip, and both decode to the same body", async () => {
    const app = await appWithJson(200);
    const plain = await app.inject({ url: "/list", headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);

    const brotli = await app.inject({ url: "/list", headers: { "accept-encoding": "gzip, br" } });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);

    const gzip = await app.inject({ url: "/list", headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    await app.close();
  });

  it("leaves small bodies alone, up to what fits one packet as it is", async () => {
    for (const items of [0, 20]) {
      const app = await appWithJson(items);
      const small = await app.inject({ url: "/list", headers: { "accept-encoding": "br, gzip" } });
      expect(small.headers["content-encoding"]).toBeUndefined();
      // 20 items: a polled answer's size (presence of a few members), above the old 256-byte threshold.
      if (items > 0) expect(small.rawPayload.length).toBeGreaterThan(500);
      expect(small.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
      await app.close();
    }
  });
});
