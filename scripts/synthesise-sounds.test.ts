import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { soundEvents, synthesise } from "./synthesise-sounds.ts";

describe("synthesised sounds", () => {
  it("covers exactly the twelve events of spec 001 §3.6", () => {
    expect([...soundEvents].sort()).toEqual(
      ["capture", "castle", "game-end", "game-start", "illegal", "move-check", "move-opponent", "move-self", "notify", "premove", "promote", "tenseconds"],
    );
  });

  for (const event of soundEvents) {
    it(`${event}: a short, audible mono WAV, the same every run and as committed`, () => {
      const wav = synthesise(event);
      expect(wav.toString("ascii", 0, 4)).toBe("RIFF");
      expect(wav.toString("ascii", 8, 12)).toBe("WAVE");
      expect(wav.readUInt16LE(22)).toBe(1);
      const sampleRate = wav.readUInt32LE(24);
      const samples = wav.readUInt32LE(40) / 2;
      expect(samples / sampleRate).toBeLessThan(0.7);
      let peak = 0;
      for (let index = 0; index < samples; index++) peak = Math.max(peak, Math.abs(wav.readInt16LE(44 + index * 2)));
      expect(peak).toBeGreaterThan(16_000);
      expect(synthesise(event).equals(wav)).toBe(true);
      expect(readFileSync(`public/sounds/default/${event}.wav`).equals(wav)).toBe(true);
      for (const extension of ["webm", "ogg", "mp3"]) expect(existsSync(`public/sounds/default/${event}.${extension}`)).toBe(true);
    });
  }
});
