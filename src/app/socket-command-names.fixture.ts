/**
 * Every socket command of the application, by name, for the tests that hold
 * the browser's typed map to the server: the type makes this object exactly
 * the keys of the registered map (a missing name or one the map lacks fails
 * the type check), and features.test.ts holds it to the names the composed
 * features register, so neither can drift from the other.
 */
import type { RegisteredCommands } from "../platform/realtime/socket-commands.ts";

export const socketCommandNames = {
  "game.move": true,
  "game.act": true,
  "game.snapshot": true,
  "games.current": true,
  "seek.create": true,
  "seek.quick": true,
  "seek.accept": true,
  "seek.cancel": true,
  "seek.lobby": true,
  "challenge.create": true,
  "challenge.accept": true,
  "challenge.decline": true,
  "challenge.cancel": true,
  "challenge.list": true,
  "vacation.status": true,
  "vacation.start": true,
  "vacation.end": true,
  "game.chat.send": true,
  "game.chat.history": true,
  "club.chat.history": true,
  "club.chat.send": true,
  "club.chat.enter": true,
  "club.chat.leave": true,
  "club.chat.presence": true,
  "club.chat.moderate": true,
} as const satisfies { readonly [Name in keyof RegisteredCommands]: true };
