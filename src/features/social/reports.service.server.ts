/** Reports of abuse to the moderators' queue, with the block that may go with one. */
import { ok, type Result } from "../../platform/http/errors.ts";
import type { Actor, SocialFailure, SocialGraph } from "./social-graph.server.ts";
import type { ReportReason } from "./social.schema.ts";
import { blocks, memberReports } from "./social.tables.server.ts";

export function createReportsService(graph: SocialGraph) {
  const { db, resolve, decide } = graph;
  return {
    /**
     * A report goes to the moderators' queue. With the abuse-report-stopping
     * flag on, nothing is stored and the member is only blocked when asked.
     */
    async report(actor: Actor, input: { abuserUsername: string; reason: ReportReason; details: string | null; blockUser: boolean }, stopReports: boolean): Promise<Result<{ reported: boolean; blocked: boolean }, SocialFailure>> {
      const resolved = await resolve(actor, input.abuserUsername, "report");
      if (!resolved.ok) return resolved;
      const target = resolved.value;
      if (!stopReports) {
        await db.insert(memberReports).values({ reporterId: actor.id, abuserId: target.id, reason: input.reason, details: input.details });
      }
      let blocked = false;
      if (input.blockUser) {
        // The block that goes with a report follows the block rule (no moderators, no guests).
        const decided = await decide(actor, target, "block");
        if (decided.ok) await db.insert(blocks).values({ blockerId: actor.id, blockedId: target.id }).onConflictDoNothing();
        blocked = decided.ok || decided.error === "already_blocked";
      }
      return ok({ reported: !stopReports, blocked });
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
