/**
 * `user:{id}`: one member's private room (friend requests, notifications).
 * Owned by the platform because it follows the socket's identity, not a
 * feature: only the member it names, signed in (not on the two-factor step),
 * may join it, and the hub closes the socket when that session ends.
 */
import { roomName, type RoomName } from "./protocol.ts";
import type { RoomKindDefinition } from "./registry.ts";

export const memberRoomKind: RoomKindDefinition = {
  kind: "user",
  access: (identity, id) => identity.memberId !== null && id === String(identity.memberId),
};

export function memberRoom(memberId: number): RoomName {
  return roomName(memberRoomKind.kind, memberId);
}
