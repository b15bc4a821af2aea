import { and, eq, or } from "drizzle-orm";
import type { Database } from "../../platform/db/client.server.ts";
import { blocks } from "./social.tables.server.ts";

/** Why one member may not reach another: they blocked you, or you blocked them. */
export type ContactRefusal = "blocked_by_member" | "blocked";

/** The block flags of a relationship, as the social service reads them. */
export interface BlockFlags {
  /** The actor blocked the target. */
  readonly isBlocked: boolean;
  /** The target blocked the actor. */
  readonly blocksCurrentUser: boolean;
}

/**
 * THE rule for every member-to-member write (friend requests, follows, notes,
 * gifts, challenges, and whatever comes next): a member who blocked someone
 * receives nothing from them, and a member who blocked someone does not send
 * them anything either (unblock first).
 */
export function contactRefusal(flags: BlockFlags): ContactRefusal | null {
  if (flags.blocksCurrentUser) return "blocked_by_member";
  if (flags.isBlocked) return "blocked";
  return null;
}

/** The same rule for callers that hold no relationship yet: one indexed query over both directions. */
export function createContactGuard(db: Database) {
  return {
    async refusal(actorId: number, targetId: number, on: Database = db): Promise<ContactRefusal | null> {
      if (actorId === targetId) return null;
      const rows = await on
        .select({ blockerId: blocks.blockerId })
        .from(blocks)
        .where(or(and(eq(blocks.blockerId, targetId), eq(blocks.blockedId, actorId)), and(eq(blocks.blockerId, actorId), eq(blocks.blockedId, targetId))));
      return contactRefusal({ blocksCurrentUser: rows.some((row) => row.blockerId === targetId), isBlocked: rows.some((row) => row.blockerId === actorId) });
    },
  };
}

export type ContactGuard = ReturnType<typeof createContactGuard>;
