import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { CommandCall, RegisteredCommands } from "../platform/realtime/socket-commands.ts";
import { fakeCommands } from "../platform/realtime/socket-fakes.fixture.ts";
import type { ChatLine } from "../features/play/chat/game-chat.schema.ts";
import type { GameView } from "../features/play/play.schema.ts";
import { socketCommandNames } from "./socket-command-names.fixture.ts";

/**
 * The browser's socket commands are typed from the server's definitions
 * (decision 0053). The type checker (`npx tsc --noEmit` reads this file)
 * proves it: each `@ts-expect-error` line fails the type check if what it
 * marks ever becomes acceptable. The scan below proves that the browser has
 * no other way to call a command than the typed one.
 */

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const typeIs = <Check extends true>(check: Check): Check => check;

const srcRoot = fileURLToPath(new URL("..", import.meta.url));

/** Modules that reach the browser: not server-only, not tests or their kits and fixtures. */
const browserFiles = readdirSync(srcRoot, { recursive: true, encoding: "utf8" })
  .map((path) => path.split("\\").join("/"))
  .filter((path) => /\.tsx?$/.test(path) && !/(\.server\.ts|\.test\.tsx?|\.test-d\.ts|\.fixture\.ts|test-kit[^/]*)$/.test(path) && !/^(server|test)\//.test(path))
  .map((path) => ({ path, text: readFileSync(`${srcRoot}/${path}`, "utf8") }));

/** Commands (dotted names) named as the literal first argument of a call (`command("game.move", ...)`, `send(...)`), or as a notification action's command. */
function commandsCalledIn(text: string): string[] {
  return [...text.matchAll(/\b(?:command|send)\(\s*"(\w+(?:\.\w+)+)"/g), ...text.matchAll(/\bcommand:\s*"(\w+(?:\.\w+)+)"/g)].flatMap((match) => (match[1] === undefined ? [] : [match[1]]));
}

/** Modules that talk to the socket: they call commands or read events. */
const talksToTheSocket = /\b(?:useSocketCommand|pageSocketClient|useRoomEvents|SocketHub|eventPayload)\b|\.(?:command|subscribe)\(/;

/** Registered commands no page calls, and why (the list is held exact, so it is kept up to date). */
const notCalledFromTheBrowser: Readonly<Record<string, string>> = {
  "seek.create": "the lobby's form pairs through seek.quick; seek.create is the API's and the benchmarks' (a seek left open)",
  "club.chat.presence": "the page reads who is here from club.chat.enter's answer, which is also its heartbeat",
};

describe("the browser's typed socket commands", () => {
  const command: CommandCall = fakeCommands().command;

  it("refuses, at compile time, a misspelt command and an input the command's schema does not take", async () => {
    // @ts-expect-error -- no such command
    expect((await command("game.moves", { gameId: 1, ply: 0, uci: "e2e4" })).ok).toBe(false);
    // @ts-expect-error -- the ply is missing (game.move's schema requires it)
    await command("game.move", { gameId: 1, uci: "e2e4" });
    // @ts-expect-error -- the game id is a number
    await command("game.snapshot", { gameId: "1" });
    // @ts-expect-error -- an action game.act does not know
    await command("game.act", { gameId: 1, action: "takeback" });
    // @ts-expect-error -- a moderation type the club chat does not have
    await command("club.chat.moderate", { chatId: 1, type: "ban", userId: 2, hideMessages: false });
    // Optional fields may be left out, as the schema's input side says.
    await command("game.move", { gameId: 1, ply: 0, uci: "e2e4" });
    await command("club.chat.history", { clubId: 3 });
  });

  it("types each answer and each refusal code as the command's handler gives them", async () => {
    const snapshot = await command("game.snapshot", { gameId: 1 });
    if (snapshot.ok) {
      typeIs<Equal<typeof snapshot.value, GameView>>(true);
      // @ts-expect-error -- a game view has no such field
      expect(snapshot.value.board).toBeUndefined();
    } else {
      // The handler's own code, the platform's, and the client's.
      typeIs<Equal<typeof snapshot.error, "not_found" | "unknown_command" | "invalid_input" | "forbidden" | "rate_limited" | "internal" | "timeout" | "closed">>(true);
      // @ts-expect-error -- game.snapshot never answers this code
      expect(snapshot.error === "stale").toBe(false);
    }
    typeIs<Equal<RegisteredCommands["game.chat.send"]["answer"], ChatLine>>(true);
    typeIs<Equal<RegisteredCommands["seek.lobby"]["refusal"], never>>(true);
  });

  it("names every registered command in the map, and no other (no string index)", () => {
    typeIs<Equal<string extends keyof RegisteredCommands ? true : false, false>>(true);
    typeIs<Equal<keyof RegisteredCommands, keyof typeof socketCommandNames>>(true);
  });

  it("calls every registered command the browser uses through the typed client, and says why the others are not called", () => {
    const called = new Set(browserFiles.flatMap((file) => commandsCalledIn(file.text)));
    const registered = Object.keys(socketCommandNames);
    expect([...called].filter((name) => !registered.includes(name))).toEqual([]);
    expect(registered.filter((name) => !called.has(name)).sort()).toEqual(Object.keys(notCalledFromTheBrowser).sort());
  });

  it("leaves the browser no untyped way to a command: one socket, typed by the registered map, and no cast on what it answers", () => {
    const offenders = browserFiles.flatMap(({ path, text }) => {
      const found: string[] = [];
      // The page's one socket is made in one place; any other client would be a second, possibly untyped, way.
      if (/\bcreateSocketClient\s*[<(]/.test(text) && !path.endsWith("platform/realtime/page-socket.ts") && !path.endsWith("platform/realtime/socket-client.ts")) found.push(`${path}: makes its own socket client`);
      // The loose map (any name, unknown answers) is for the platform's own tests of made-up commands.
      if (/\bCommandMap\b/.test(text) && !path.startsWith("platform/realtime/")) found.push(`${path}: names the untyped CommandMap`);
      // Answers and payloads come typed; a cast on them would hide a mismatch with the server. The protocol's
      // own reading of a frame and of an event's payload (eventPayload: the hub checked it) are the boundary.
      if (talksToTheSocket.test(text) && !path.startsWith("platform/realtime/")) {
        const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");
        for (const match of code.matchAll(/[\w)\]]\s+as\s+[A-Z{[][\w.<>[\]]*/g)) found.push(`${path}: casts (${match[0]})`);
      }
      return found;
    });
    expect(offenders).toEqual([]);
  });
});
