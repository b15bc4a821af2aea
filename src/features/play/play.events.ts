/**
 * Online play on the socket hub: the rooms (a game's public stream, the lobby)
 * and the events sent to them and to members' private rooms. Isomorphic: the
 * browser validates what it receives with these same schemas.
 */
import { z } from "zod";
import { defineRealtimeEvent, type RoomKindDefinition } from "../../platform/realtime/registry.ts";
import { roomName, type RoomName } from "../../platform/realtime/protocol.ts";
import { chatLineEvent } from "./chat/game-chat.events.ts";
import { dailyDaysPerMove } from "../../chess/time-control.ts";

const gameIdPattern = /^[1-9][0-9]{0,15}$/;

/** A game's stream: public, anyone may watch. Events carry the game's version. */
export const gameRoomKind: RoomKindDefinition = { kind: "game", access: (_identity, id) => id !== null && gameIdPattern.test(id) };
/** The lobby of open seeks: public. */
export const lobbyRoomKind: RoomKindDefinition = { kind: "lobby", singleton: true, access: () => true };

export const gameRoom = (gameId: number): RoomName => roomName("game", gameId);
export const lobbyRoom = (): RoomName => roomName("lobby");

const color = z.enum(["white", "black"]);
const clocks = z.object({ white: z.number(), black: z.number(), running: color.nullable() }).nullable();
const ending = z.object({ result: z.enum(["1-0", "0-1", "1/2-1/2", "*"]), reason: z.string(), ratingDiffs: z.object({ white: z.number(), black: z.number() }).nullable() }).nullable();
const control = z.union([
  z.object({ kind: z.literal("live"), baseSeconds: z.number(), incrementSeconds: z.number() }),
  z.object({ kind: z.literal("daily"), daysPerMove: z.union(dailyDaysPerMove.map((days) => z.literal(days))) }),
]);
const terms = z.object({ rules: z.enum(["standard", "chess960"]), control, rated: z.boolean(), color: z.enum(["white", "black", "random"]) });

export const gameMoveEvent = defineRealtimeEvent(
  "game.move",
  z.object({ version: z.number(), ply: z.number(), uci: z.string(), san: z.string(), fen: z.string(), clocks, ending }),
);
export const gameStateEvent = defineRealtimeEvent(
  "game.state",
  z.object({ version: z.number(), drawOfferBy: color.nullable(), rematchOfferBy: color.nullable(), rematchGameId: z.number().nullable(), clocks, ending }),
);

export const seekAddedEvent = defineRealtimeEvent(
  "seek.added",
  z.object({ id: z.number(), username: z.string(), terms, rating: z.number(), ratingMin: z.number().nullable(), ratingMax: z.number().nullable() }),
);
export const seekRemovedEvent = defineRealtimeEvent("seek.removed", z.object({ id: z.number() }));

export const challengeReceivedEvent = defineRealtimeEvent("challenge.received", z.object({ id: z.number(), from: z.string() }));
export const challengeAcceptedEvent = defineRealtimeEvent("challenge.accepted", z.object({ id: z.number(), by: z.string(), gameId: z.number() }));
export const challengeDeclinedEvent = defineRealtimeEvent("challenge.declined", z.object({ id: z.number(), by: z.string() }));
export const challengeCancelledEvent = defineRealtimeEvent("challenge.cancelled", z.object({ id: z.number(), by: z.string() }));
export const seekPairedEvent = defineRealtimeEvent("seek.paired", z.object({ id: z.number(), gameId: z.number() }));
export const gameStartedEvent = defineRealtimeEvent("game.started", z.object({ gameId: z.number() }));
/** A member's game ended (any way, aborted included): the header's games in progress and presence follow. */
export const gameEndedEvent = defineRealtimeEvent("game.ended", z.object({ gameId: z.number() }));
export const yourMoveEvent = defineRealtimeEvent("game.your_move", z.object({ gameId: z.number(), by: z.string() }));

export const playRealtimeEvents = [
  gameMoveEvent,
  gameStateEvent,
  seekAddedEvent,
  seekRemovedEvent,
  challengeReceivedEvent,
  challengeAcceptedEvent,
  challengeDeclinedEvent,
  challengeCancelledEvent,
  seekPairedEvent,
  gameStartedEvent,
  gameEndedEvent,
  yourMoveEvent,
  chatLineEvent,
] as const;

export const playRoomKinds = [gameRoomKind, lobbyRoomKind] as const;
