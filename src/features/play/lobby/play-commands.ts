/**
 * Play's socket commands from the browser, on the page's one socket: each
 * answers a value or a refusal code, which `refusalMessageId` turns into words.
 */
import { createContext, useContext } from "react";
import { pageSocketClient } from "../../../platform/realtime/page-socket.ts";
import type { CommandResult } from "../../../platform/realtime/socket-client.ts";
import type { ChallengeInput, ChallengeView, CurrentGameView, GameView, SeekInput, SeekView } from "../play.schema.ts";

export interface PlayCommands {
  "seek.quick": { input: SeekInput; value: { gameId: number } | { seek: SeekView } };
  "seek.accept": { input: { id: number }; value: { gameId: number } };
  "seek.cancel": { input: { id: number }; value: null };
  "seek.lobby": { input: Record<string, never>; value: SeekView[] };
  "challenge.create": { input: ChallengeInput; value: ChallengeView };
  "challenge.accept": { input: { id: number }; value: { gameId: number } };
  "challenge.decline": { input: { id: number }; value: null };
  "challenge.cancel": { input: { id: number }; value: null };
  "challenge.list": { input: Record<string, never>; value: ChallengeView[] };
  "games.current": { input: Record<string, never>; value: CurrentGameView[] };
  "game.snapshot": { input: { gameId: number }; value: GameView };
}

export type PlayCommandName = keyof PlayCommands;

/** Sends a play command; the server's answer has the shape the command's service returns. */
export async function playCommand<K extends PlayCommandName>(name: K, input: PlayCommands[K]["input"]): Promise<CommandResult<PlayCommands[K]["value"]>> {
  // The server's handlers answer these shapes (play.commands.server.ts); the socket carries them untyped.
  return (await pageSocketClient().command(name, input)) as CommandResult<PlayCommands[K]["value"]>;
}

export type PlayCommandSender = typeof playCommand;

/** Who sends play commands for the components below: the page's socket, or a test's fake server. */
export const PlayCommandsContext = createContext<PlayCommandSender>(playCommand);

export function usePlayCommand(): PlayCommandSender {
  return useContext(PlayCommandsContext);
}

/** Refusals the page explains in its own words; anything else reads as a generic failure. */
const explained = new Set([
  "guest",
  "guest_rated",
  "too_many_seeks",
  "seek_gone",
  "own_seek",
  "out_of_range",
  "blocked",
  "not_found",
  "self",
  "account_closed",
  "challenge_exists",
  "too_many_challenges",
  "sent_too_many",
  "challenge_gone",
  "forbidden",
  "timeout",
  "closed",
]);

export function refusalMessageId(code: string): string {
  return `play.lobby.refusal.${explained.has(code) ? code : "other"}`;
}
