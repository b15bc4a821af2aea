import { existsSync, readFileSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { drawPiece } from "../../../scripts/draw-piece-sets.ts";
import { backgrounds, boardStyles, pieceCodes, pieceImageUrl, pieceSetIds, soundEvents, soundFormats, soundSetIds, soundUrl } from "./theme-catalogue.ts";
import { themeStylesheet } from "./theme-stylesheet.server.ts";

/** A public URL's file in the repository (public/ is served at the site's root). */
const fileOf = (url: string) => `public${url}`;

describe("the themes on offer (issue 22 item 4)", () => {
  it("offers at least 8 board styles, 6 piece sets with a staunton set and the default neo, 3 sound sets and a few backgrounds, each id once", () => {
    expect(boardStyles.length).toBeGreaterThanOrEqual(8);
    expect(boardStyles[0].id).toBe("green");
    expect(pieceSetIds.length).toBeGreaterThanOrEqual(6);
    expect(pieceSetIds[0]).toBe("neo");
    expect(pieceSetIds).toContain("staunton");
    expect(soundSetIds.length).toBeGreaterThanOrEqual(3);
    expect(soundSetIds[0]).toBe("default");
    expect(backgrounds.length).toBeGreaterThanOrEqual(3);
    // Plain ids: the sound player reads the set's id out of a CSS string by its letters and digits alone.
    for (const id of soundSetIds) expect(id).toMatch(/^[a-z0-9]+$/);
    for (const ids of [boardStyles.map((style) => style.id), pieceSetIds, soundSetIds, backgrounds.map((background) => background.id)]) expect(new Set(ids).size).toBe(ids.length);
  });

  for (const set of pieceSetIds) {
    it(`piece set ${set}: all twelve pieces, as the script draws them and distinct from each other`, () => {
      const drawings = pieceCodes.map((code) => {
        const text = readFileSync(fileOf(pieceImageUrl(set, code)), "utf8");
        expect(text, `${set}/${code}`).toBe(drawPiece(set, code));
        expect(text).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 100 100">/);
        return text;
      });
      expect(new Set(drawings).size).toBe(12);
    });
  }

  it("no two sets draw the same piece alike", () => {
    for (const code of pieceCodes) expect(new Set(pieceSetIds.map((set) => drawPiece(set, code))).size).toBe(pieceSetIds.length);
  });

  for (const set of soundSetIds) {
    it(`sound set ${set}: every event of spec 001 §3.6 in webm, ogg, mp3 and wav`, () => {
      for (const event of soundEvents) {
        for (const format of soundFormats) {
          const file = fileOf(soundUrl(set, event, format));
          expect(existsSync(file), file).toBe(true);
          expect(statSync(file).size, file).toBeGreaterThan(500);
        }
      }
    });
  }

  it("gives each theme a small stylesheet naming only its own files", () => {
    const css = themeStylesheet({ boardStyleId: "walnut", pieceSetId: "outline", soundSetId: "arcade", backgroundId: "checkers" });
    for (const code of pieceCodes) expect(css).toContain(`url(/pieces/outline/${code}.svg)`);
    for (const other of pieceSetIds.filter((set) => set !== "outline")) expect(css).not.toContain(`/pieces/${other}/`);
    expect(css).toContain('--ks-sound-set:"arcade"');
    expect(css.length).toBeLessThan(3000);
    expect(themeStylesheet({ boardStyleId: "green", pieceSetId: "neo", soundSetId: "default", backgroundId: "plain" })).not.toContain("body{");
  });
});
