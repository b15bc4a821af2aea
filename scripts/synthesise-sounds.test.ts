import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { soundEvents, soundSetIds, synthesise } from "./synthesise-sounds.ts";

describe("synthesised sounds", () => {
  it("covers exactly the twelve events of spec 001 §3.6", () => {
    expect([...soundEvents].sort()).toEqual(
      ["capture", "castle", "game-end", "game-start", "illegal", "move-check", "move-opponent", "move-self", "notify", "premove", "promote", "tenseconds"],
    );
  });

  it("offers the default set and at least two more, each in its own timbre", () => {
    expect(soundSetIds[0]).toBe("default");
    expect(soundSetIds.length).toBeGreaterThanOrEqual(3);
    for (const event of soundEvents) {
      const voices = soundSetIds.map((set) => synthesise(event, set).toString("base64"));
      expect(new Set(voices).size).toBe(soundSetIds.length);
    }
  });

  for (const set of soundSetIds) {
    for (const event of soundEvents) {
      it(`${set}/${event}: a short, audible mono WAV, the same every run and as committed, in every format`, () => {
        const wav = synthesise(event, set);
        expect(wav.toString("ascii", 0, 4)).toBe("RIFF");
        expect(wav.toString("ascii", 8, 12)).toBe("WAVE");
        expect(wav.readUInt16LE(22)).toBe(1);
        const sampleRate = wav.readUInt32LE(24);
        const samples = wav.readUInt32LE(40) / 2;
        expect(samples / sampleRate).toBeLessThan(0.7);
        let peak = 0;
        for (let index = 0; index < samples; index++) peak = Math.max(peak, Math.abs(wav.readInt16LE(44 + index * 2)));
        expect(peak).toBeGreaterThan(16_000);
        expect(synthesise(event, set).equals(wav)).toBe(true);
        expect(readFileSync(`public/sounds/${set}/${event}.wav`).equals(wav)).toBe(true);
        for (const extension of ["webm", "ogg", "mp3"]) expect(existsSync(`public/sounds/${set}/${event}.${extension}`)).toBe(true);
      });
    }
  }
});
