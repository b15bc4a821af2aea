/**
 * The sounds of spec 001 §3.6: which one an event makes. The player that
 * plays them (sound-player.ts) is a chunk of its own, loaded at the first
 * sound: a page that never sounds (a finished game, sounds off) never
 * downloads it, which keeps the game page within its script budget.
 */
import { importWithRetry } from "../../../platform/http/chunk-retry.ts";
import type { SoundEvent } from "./sound-player.ts";

export type { SoundEvent };

/** The sound of a move, read from its SAN: check first, then promotion, castling, capture. */
export function moveSound(san: string, byViewer: boolean): SoundEvent {
  if (san.includes("+") || san.includes("#")) return "move-check";
  if (san.includes("=")) return "promote";
  if (san.startsWith("O-O")) return "castle";
  if (san.includes("x")) return "capture";
  return byViewer ? "move-self" : "move-opponent";
}

/** Plays a sound when `enabled` (the viewer's playSounds option); the player loads on the first one. */
export function playSound(event: SoundEvent, enabled: boolean): void {
  if (!enabled || typeof document === "undefined") return;
  void importWithRetry(() => import("./sound-player.ts")).then(({ playSoundNow }) => playSoundNow(event), () => undefined);
}
