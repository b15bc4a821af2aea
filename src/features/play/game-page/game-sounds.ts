/**
 * The sounds of spec 001 §3.6, from the project's own files in
 * public/sounds/{theme}/ (scripts synthesise them), played in the first
 * format this browser can play. Browsers refuse sound before the first user
 * gesture; such a refusal is silent.
 */
import { boardOptions } from "./board-options.ts";

export const soundEvents = [
  "game-start", "move-self", "move-opponent", "capture", "castle", "move-check",
  "promote", "premove", "illegal", "tenseconds", "game-end", "notify",
] as const;
export type SoundEvent = (typeof soundEvents)[number];

const formats = [
  ["webm", "audio/webm; codecs=opus"],
  ["ogg", "audio/ogg; codecs=vorbis"],
  ["mp3", "audio/mpeg"],
  ["wav", "audio/wav"],
] as const;

/** The sound of a move, read from its SAN: check first, then promotion, castling, capture. */
export function moveSound(san: string, byViewer: boolean): SoundEvent {
  if (san.includes("+") || san.includes("#")) return "move-check";
  if (san.includes("=")) return "promote";
  if (san.startsWith("O-O")) return "castle";
  if (san.includes("x")) return "capture";
  return byViewer ? "move-self" : "move-opponent";
}

let chosenFormat: string | null | undefined;
const players = new Map<SoundEvent, HTMLAudioElement>();

function playableFormat(): string | null {
  if (chosenFormat !== undefined) return chosenFormat;
  const probe = document.createElement("audio");
  chosenFormat = formats.find(([, mime]) => probe.canPlayType(mime) !== "")?.[0] ?? null;
  return chosenFormat;
}

export function playSound(event: SoundEvent): void {
  const options = boardOptions();
  if (!options.playSounds || typeof document === "undefined") return;
  const format = playableFormat();
  if (!format) return;
  let audio = players.get(event);
  if (!audio) {
    audio = new Audio(`/sounds/${options.soundTheme}/${event}.${format}`);
    audio.preload = "auto";
    players.set(event, audio);
  }
  audio.currentTime = 0;
  audio.play().catch(() => {
    // No gesture yet, or no audio device: the game goes on without sound.
  });
}
