/**
 * Presence on the socket hub: the public `presence:{memberId}` rooms (presence
 * is public, as GET /callback/presence is) and the event sent to them.
 * Zod-free, for the service and the browser alike; the payload schema, which
 * the hub checks each event against, is registered by presence.realtime.schema.ts.
 */
import { realtimeEventType, roomName, type RoomName } from "../../platform/realtime/protocol.ts";
import type { RoomKindDefinition } from "../../platform/realtime/registry.ts";
import type { Presence } from "./presence.schema.ts";

export const presenceRoomKind: RoomKindDefinition = { kind: "presence", access: (_identity, id) => id !== null && /^[1-9][0-9]{0,9}$/.test(id) };

export function presenceRoom(memberId: number): RoomName {
  return roomName(presenceRoomKind.kind, memberId);
}

/** A member's presence changed; sent to their presence room. */
export const presenceChanged = realtimeEventType<Presence>("presence.changed");
