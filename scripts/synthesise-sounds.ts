import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { soundEvents, soundSetIds, type SoundEvent, type SoundSetId } from "../src/features/themes/theme-catalogue.ts";

/**
 * `npx tsx scripts/synthesise-sounds.ts`: makes the board's twelve sounds
 * (spec 001 §3.6) of every sound set from code, so that the project owns them,
 * and writes them to public/sounds/{set}/ as WAV, and as WebM (Opus), Ogg
 * (Vorbis) and MP3 when ffmpeg is installed. The sets differ in timbre: wooden
 * knocks (default), mallet tones (marimba) and square-wave chips (arcade).
 * Run by hand when a sound changes; the files are committed, the build does
 * not run this. Deterministic: the same files every run.
 */
export { soundEvents, soundSetIds, type SoundEvent, type SoundSetId };

const sampleRate = 22_050;

/** A mono signal: samples in [-1, 1]. */
type Signal = Float32Array;

const silence = (seconds: number): Signal => new Float32Array(Math.round(seconds * sampleRate));

/** Seeded noise, so the files do not change between runs. */
const noiseSource = (seed: number): (() => number) => {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return (state / 4_294_967_296) * 2 - 1;
  };
};

/** A sine tone (optionally gliding to `toHz`) with a fast attack and an exponential decay. */
const tone = (hz: number, seconds: number, options: { toHz?: number; decay?: number; gain?: number; harmonics?: number[] } = {}): Signal => {
  const out = silence(seconds);
  const decay = options.decay ?? 8;
  const gain = options.gain ?? 0.5;
  const harmonics = options.harmonics ?? [1];
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / sampleRate;
    const progress = i / out.length;
    const frequency = options.toHz ? hz + (options.toHz - hz) * progress : hz;
    phase += (2 * Math.PI * frequency) / sampleRate;
    const attack = Math.min(1, t / 0.004);
    const envelope = attack * Math.exp(-decay * t);
    let value = 0;
    harmonics.forEach((weight, index) => (value += weight * Math.sin(phase * (index + 1))));
    out[i] = gain * envelope * value;
  }
  return out;
};

/** A wooden knock: a short low thump and a filtered click, like a piece set on a board. */
const knock = (pitchHz: number, gain: number, seed: number): Signal => {
  const seconds = 0.12;
  const out = tone(pitchHz, seconds, { decay: 45, gain: gain * 0.8, harmonics: [1, 0.35, 0.15] });
  const noise = noiseSource(seed);
  let low = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / sampleRate;
    low += 0.35 * (noise() - low);
    out[i] = (out[i] ?? 0) + gain * 0.9 * low * Math.exp(-120 * t);
  }
  return out;
};

/** Lays signals over each other, each starting at its offset in seconds. */
const mix = (...parts: [offsetSeconds: number, signal: Signal][]): Signal => {
  const length = Math.max(...parts.map(([offset, signal]) => Math.round(offset * sampleRate) + signal.length));
  const out = new Float32Array(length);
  for (const [offset, signal] of parts) {
    const start = Math.round(offset * sampleRate);
    signal.forEach((value, index) => (out[start + index] = (out[start + index] ?? 0) + value));
  }
  return out;
};

/** A square wave (an old game console's voice), softened by a one-pole low-pass, with an exponential decay. */
const chip = (hz: number, seconds: number, options: { toHz?: number; decay?: number; gain?: number } = {}): Signal => {
  const out = silence(seconds);
  const decay = options.decay ?? 6;
  const gain = options.gain ?? 0.35;
  let phase = 0;
  let smooth = 0;
  for (let i = 0; i < out.length; i++) {
    const progress = i / out.length;
    const frequency = options.toHz ? hz + (options.toHz - hz) * progress : hz;
    phase = (phase + frequency / sampleRate) % 1;
    smooth += 0.45 * ((phase < 0.5 ? 1 : -1) - smooth);
    out[i] = gain * Math.exp(-decay * (i / sampleRate)) * smooth;
  }
  return out;
};

/** A mallet on a wooden bar: the fundamental with the bar's bright fourth partial, which dies away first. */
const mallet = (hz: number, gain = 0.5, seconds = 0.35): Signal => mix([0, tone(hz, seconds, { decay: 11, gain, harmonics: [1] })], [0, tone(hz * 3.93, 0.08, { decay: 60, gain: gain * 0.45 })]);

/** Notes in a sequence: [offset, hz] pairs, each played by `voice`. */
const notes = (voice: (hz: number) => Signal, ...sequence: [number, number][]): Signal => mix(...sequence.map(([offset, hz]): [number, Signal] => [offset, voice(hz)]));

const defaultRecipes: Record<SoundEvent, () => Signal> = {
  "game-start": () => mix([0, tone(523.25, 0.3, { decay: 9, gain: 0.35, harmonics: [1, 0.3] })], [0.12, tone(783.99, 0.35, { decay: 8, gain: 0.35, harmonics: [1, 0.3] })]),
  "move-self": () => knock(180, 0.8, 1),
  "move-opponent": () => knock(230, 0.7, 2),
  capture: () => mix([0, knock(150, 0.9, 3)], [0.035, knock(260, 0.6, 4)]),
  castle: () => mix([0, knock(190, 0.75, 5)], [0.09, knock(170, 0.75, 6)]),
  "move-check": () => mix([0, knock(200, 0.75, 7)], [0.02, tone(987.77, 0.22, { decay: 14, gain: 0.25, harmonics: [1, 0.2] })]),
  promote: () => mix([0, knock(190, 0.7, 8)], [0.03, tone(600, 0.25, { toHz: 1200, decay: 9, gain: 0.22 })]),
  premove: () => knock(320, 0.4, 9),
  illegal: () => tone(110, 0.22, { decay: 10, gain: 0.35, harmonics: [1, 0, 0.33, 0, 0.2] }),
  tenseconds: () => mix(...[0, 0.16, 0.32].map((offset): [number, Signal] => [offset, tone(1046.5, 0.09, { decay: 25, gain: 0.3 })])),
  "game-end": () => mix([0, tone(783.99, 0.3, { decay: 8, gain: 0.35, harmonics: [1, 0.3] })], [0.14, tone(523.25, 0.45, { decay: 6, gain: 0.35, harmonics: [1, 0.3] })]),
  notify: () => mix([0, tone(1318.5, 0.18, { decay: 16, gain: 0.25 })], [0.09, tone(880, 0.3, { decay: 11, gain: 0.25 })]),
};

const marimbaRecipes: Record<SoundEvent, () => Signal> = {
  "game-start": () => notes((hz) => mallet(hz, 0.45), [0, 392], [0.1, 523.25], [0.2, 659.25]),
  "move-self": () => mallet(440, 0.55, 0.22),
  "move-opponent": () => mallet(349.23, 0.55, 0.22),
  capture: () => notes((hz) => mallet(hz, 0.5, 0.22), [0, 587.33], [0.05, 293.66]),
  castle: () => notes((hz) => mallet(hz, 0.5, 0.2), [0, 392], [0.09, 392]),
  "move-check": () => notes((hz) => mallet(hz, 0.5, 0.25), [0, 440], [0.06, 932.33]),
  promote: () => notes((hz) => mallet(hz, 0.45, 0.2), [0, 523.25], [0.07, 659.25], [0.14, 783.99]),
  premove: () => mallet(880, 0.3, 0.12),
  illegal: () => notes((hz) => mallet(hz, 0.5, 0.2), [0, 233.08], [0.08, 220]),
  tenseconds: () => notes((hz) => mallet(hz, 0.4, 0.1), [0, 1046.5], [0.16, 1046.5], [0.32, 1046.5]),
  "game-end": () => notes((hz) => mallet(hz, 0.45, 0.4), [0, 659.25], [0.12, 523.25], [0.24, 392]),
  notify: () => notes((hz) => mallet(hz, 0.4, 0.25), [0, 783.99], [0.1, 1174.66]),
};

const arcadeRecipes: Record<SoundEvent, () => Signal> = {
  "game-start": () => notes((hz) => chip(hz, 0.1, { decay: 4 }), [0, 523.25], [0.09, 659.25], [0.18, 783.99], [0.27, 1046.5]),
  "move-self": () => chip(220, 0.07, { toHz: 330, decay: 20 }),
  "move-opponent": () => chip(330, 0.07, { toHz: 220, decay: 20 }),
  capture: () => mix([0, chip(660, 0.12, { toHz: 110, decay: 10 })], [0, knock(120, 0.5, 10)]),
  castle: () => notes((hz) => chip(hz, 0.06, { decay: 18 }), [0, 262], [0.08, 392]),
  "move-check": () => notes((hz) => chip(hz, 0.08, { decay: 10 }), [0, 880], [0.08, 880]),
  promote: () => chip(400, 0.3, { toHz: 1600, decay: 4 }),
  premove: () => chip(1200, 0.04, { decay: 30, gain: 0.25 }),
  illegal: () => chip(98, 0.2, { decay: 6 }),
  tenseconds: () => notes((hz) => chip(hz, 0.07, { decay: 12 }), [0, 1318.5], [0.16, 1318.5], [0.32, 1318.5]),
  "game-end": () => notes((hz) => chip(hz, 0.12, { decay: 5 }), [0, 783.99], [0.12, 659.25], [0.24, 523.25], [0.36, 392]),
  notify: () => notes((hz) => chip(hz, 0.08, { decay: 10 }), [0, 987.77], [0.08, 1318.5]),
};

/** Every set's recipes: the same events in another timbre. */
const recipes: Record<SoundSetId, Record<SoundEvent, () => Signal>> = { default: defaultRecipes, marimba: marimbaRecipes, arcade: arcadeRecipes };

/** 16-bit PCM mono WAV, peak-normalised to -3 dBFS, with 5 ms fade-out. */
export const encodeWav = (signal: Signal): Buffer => {
  const peak = signal.reduce((max, value) => Math.max(max, Math.abs(value)), 0) || 1;
  const scale = 0.708 / peak;
  const fade = Math.round(0.005 * sampleRate);
  const data = Buffer.alloc(signal.length * 2);
  signal.forEach((value, index) => {
    const fadeOut = Math.min(1, (signal.length - index) / fade);
    const sample = Math.max(-1, Math.min(1, value * scale * fadeOut));
    data.writeInt16LE(Math.round(sample * 32_767), index * 2);
  });
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVE", 8);
  header.write("fmt ", 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
};

export const synthesise = (event: SoundEvent, set: SoundSetId = "default"): Buffer => encodeWav(recipes[set][event]());

const encoders: { extension: string; args: string[] }[] = [
  { extension: "webm", args: ["-c:a", "libopus", "-b:a", "48k"] },
  { extension: "ogg", args: ["-c:a", "libvorbis", "-q:a", "3"] },
  { extension: "mp3", args: ["-c:a", "libmp3lame", "-b:a", "64k"] },
];

const writeSet = (set: SoundSetId, ffmpeg: boolean): void => {
  const directory = join("public", "sounds", set);
  mkdirSync(directory, { recursive: true });
  for (const event of soundEvents) {
    const wav = join(directory, `${event}.wav`);
    writeFileSync(wav, synthesise(event, set));
    if (!ffmpeg) continue;
    for (const { extension, args } of encoders) {
      const target = join(directory, `${event}.${extension}`);
      rmSync(target, { force: true });
      // -bitexact and no metadata keep the files identical between runs.
      const result = spawnSync("ffmpeg", ["-loglevel", "error", "-i", wav, ...args, "-map_metadata", "-1", "-fflags", "+bitexact", "-flags:a", "+bitexact", target], { stdio: "inherit" });
      if (result.status !== 0) throw new Error(`ffmpeg failed for ${target}`);
    }
  }
  console.log(`wrote ${soundEvents.length} sounds to ${directory}`);
};

const main = (): void => {
  const ffmpeg = spawnSync("ffmpeg", ["-version"], { stdio: "ignore" }).status === 0;
  if (!ffmpeg) console.warn("ffmpeg not found: writing WAV only (apt-get install ffmpeg for webm, ogg and mp3).");
  for (const set of soundSetIds) writeSet(set, ffmpeg);
};

if (process.argv[1]?.endsWith("synthesise-sounds.ts")) main();
