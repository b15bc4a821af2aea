import { and, eq, or } from "drizzle-orm";
import type { Database } from "../../platform/db/client.server.ts";
import { blocks } from "./social.tables.server.ts";
import { contactRefusal } from "./member-actions.policy.ts";

/** Why one member may not reach another: they blocked you, or you blocked them. */
export type ContactRefusal = NonNullable<ReturnType<typeof contactRefusal>>;

/**
 * THE rule for every member-to-member write (friend requests, follows, notes,
 * gifts, challenges, and whatever comes next) is the member-action policy's
 * contactRefusal: a member who blocked someone receives nothing from them, and
 * a member who blocked someone does not send them anything either (unblock first).
 */
export { contactRefusal };

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
