import { describe, expect, it } from "vitest";
import { retinaScales, retinaSrcSet, retinaVariantUrl } from "./retina-src-set.ts";

describe("retinaSrcSet", () => {
  it("puts the density before the extension", () => {
    expect(retinaSrcSet("a/b.png", [2])).toBe("a/b@2x.png 2x");
  });

  it("lists @1.5x, @2x, @3x and @4x by default", () => {
    expect(retinaScales).toEqual([1.5, 2, 3, 4]);
    expect(retinaSrcSet("/img/club.jpeg")).toBe(
      "/img/club@1.5x.jpeg 1.5x, /img/club@2x.jpeg 2x, /img/club@3x.jpeg 3x, /img/club@4x.jpeg 4x",
    );
  });

  it("keeps query strings, hashes and dotted folders intact", () => {
    expect(retinaVariantUrl("https://cdn.example/v1.2/avatar.png?size=40#x", 3)).toBe(
      "https://cdn.example/v1.2/avatar@3x.png?size=40#x",
    );
    expect(retinaVariantUrl("https://cdn.example/v1.2/avatar", 2)).toBe("https://cdn.example/v1.2/avatar@2x");
    expect(retinaVariantUrl("/img/.hidden", 2)).toBe("/img/.hidden@2x");
  });

  it("skips 1x and nonsense densities", () => {
    expect(retinaSrcSet("a.png", [1, 0, Number.NaN, 2])).toBe("a@2x.png 2x");
    expect(retinaSrcSet("a.png", [])).toBe("");
  });
});
