/**
 * Online play on the socket hub: the rooms (a game's public stream, the lobby)
 * and the events sent to them and to members' private rooms. Zod-free, for
 * the services and the browser alike; the payload schemas, which the hub
 * checks each event against, are in play.events.schema.ts.
 */
import { realtimeEventType, roomName, type RoomName } from "../../platform/realtime/protocol.ts";
import type { RoomKindDefinition } from "../../platform/realtime/registry.ts";
import type * as payloads from "./play.events.schema.ts";

const gameIdPattern = /^[1-9][0-9]{0,15}$/;

/** A game's stream: public, anyone may watch. Events carry the game's version. */
export const gameRoomKind: RoomKindDefinition = { kind: "game", access: (_identity, id) => id !== null && gameIdPattern.test(id) };
/** The lobby of open seeks: public. */
export const lobbyRoomKind: RoomKindDefinition = { kind: "lobby", singleton: true, access: () => true };

export const gameRoom = (gameId: number): RoomName => roomName("game", gameId);
export const lobbyRoom = (): RoomName => roomName("lobby");

export const gameMoveEvent = realtimeEventType<payloads.GameMovePayload>("game.move");
export const gameStateEvent = realtimeEventType<payloads.GameStatePayload>("game.state");

export const seekAddedEvent = realtimeEventType<payloads.SeekAddedPayload>("seek.added");
export const seekRemovedEvent = realtimeEventType<payloads.SeekRemovedPayload>("seek.removed");

export const challengeReceivedEvent = realtimeEventType<payloads.ChallengeReceivedPayload>("challenge.received");
export const challengeAcceptedEvent = realtimeEventType<payloads.ChallengeAcceptedPayload>("challenge.accepted");
export const challengeDeclinedEvent = realtimeEventType<payloads.ChallengeAnsweredPayload>("challenge.declined");
export const challengeCancelledEvent = realtimeEventType<payloads.ChallengeAnsweredPayload>("challenge.cancelled");
export const seekPairedEvent = realtimeEventType<payloads.SeekPairedPayload>("seek.paired");
export const gameStartedEvent = realtimeEventType<payloads.GameIdPayload>("game.started");
/** A member's game ended (any way, aborted included): the header's games in progress and presence follow. */
export const gameEndedEvent = realtimeEventType<payloads.GameIdPayload>("game.ended");
export const yourMoveEvent = realtimeEventType<payloads.YourMovePayload>("game.your_move");

export const playRoomKinds = [gameRoomKind, lobbyRoomKind] as const;
