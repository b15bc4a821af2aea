/**
 * Presence on the socket hub: the public `presence:{memberId}` rooms (presence
 * is public, as GET /callback/presence is) and the event sent to them.
 * Isomorphic: the browser reads events through these definitions.
 */
import { roomName, type RoomName } from "../../platform/realtime/protocol.ts";
import { defineRealtimeEvent, type RoomKindDefinition } from "../../platform/realtime/registry.ts";
import { presenceSchema } from "./presence.schema.ts";

export const presenceRoomKind: RoomKindDefinition = { kind: "presence", access: (_identity, id) => id !== null && /^[1-9][0-9]{0,9}$/.test(id) };

export function presenceRoom(memberId: number): RoomName {
  return roomName(presenceRoomKind.kind, memberId);
}

/** A member's presence changed; sent to their presence room. */
export const presenceChanged = defineRealtimeEvent("presence.changed", presenceSchema);

export const presenceRealtime = { roomKinds: [presenceRoomKind], events: [presenceChanged] } as const;
