/**
 * Ordered streams (a game's room) number their events; a client holds the
 * last version it applied. Where an incoming event stands against it is
 * decided here, once, for the socket client (per room and connection) and
 * for the pages that hold a snapshot's version (the game page, the live
 * boards): a repeat or an older event changes nothing, the next one is
 * applied, and one past a gap means the holder missed something and
 * refetches its snapshot (which covers the event that revealed the gap).
 */
export type VersionStep = "repeat" | "next" | "gap";

export function versionStep(held: number, incoming: number): VersionStep {
  if (incoming <= held) return "repeat";
  return incoming === held + 1 ? "next" : "gap";
}
