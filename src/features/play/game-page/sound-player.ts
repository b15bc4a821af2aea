/**
 * Plays the sounds of game-sounds.ts from the project's own files in
 * public/sounds/{set}/ (scripts synthesise them), in the first format this
 * browser can play. The set is the viewer's theme's, read from its
 * stylesheet's --ks-sound-set at each sound, so that a theme changed in
 * place (features/themes) is heard at the next move. Browsers refuse sound
 * before the first user gesture; such a refusal is silent.
 */
/** The sound events of spec 001 §3.6, each a file per set and format. */
export const soundEvents = [
  "game-start", "move-self", "move-opponent", "capture", "castle", "move-check",
  "promote", "premove", "illegal", "tenseconds", "game-end", "notify",
] as const;
export type SoundEvent = (typeof soundEvents)[number];

/** The set when no theme stylesheet names one. */
const defaultSoundSet = "default";

const formats = [
  ["webm", "audio/webm; codecs=opus"],
  ["ogg", "audio/ogg; codecs=vorbis"],
  // Every browser plays one of these; the WAV files stay for tools, never chosen over MP3.
  ["mp3", "audio/mpeg"],
] as const;

let chosenFormat: string | null | undefined;
const players = new Map<string, HTMLAudioElement>();

function playableFormat(): string | null {
  if (chosenFormat !== undefined) return chosenFormat;
  const probe = document.createElement("audio");
  chosenFormat = formats.find(([, mime]) => probe.canPlayType(mime) !== "")?.[0] ?? null;
  return chosenFormat;
}

/** Plays a sound now (the caller checked the viewer's playSounds option). */
export function playSoundNow(event: SoundEvent): void {
  const format = playableFormat();
  if (!format) return;
  // The theme's set, a quoted id ("marimba"): its letters alone.
  const set = getComputedStyle(document.documentElement).getPropertyValue("--ks-sound-set").replace(/\W/g, "") || defaultSoundSet;
  const url = `/sounds/${set}/${event}.${format}`;
  let audio = players.get(url);
  if (!audio) {
    audio = new Audio(url);
    audio.preload = "auto";
    players.set(url, audio);
  }
  audio.currentTime = 0;
  audio.play().catch(() => {
    // No gesture yet, or no audio device: the game goes on without sound.
  });
}
