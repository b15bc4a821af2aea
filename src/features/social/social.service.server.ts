/**
 * The social feature's services, one per aggregate (friendships, follows,
 * blocks and mutes, reports) over one shared graph (social-graph.server.ts),
 * and `social`: the read side other features and the card use (how two
 * members are tied, a member's counters, whom a member does not hear).
 */
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../platform/db/client.server.ts";
import { fail, ok, type Result } from "../../platform/http/errors.ts";
import { noNotificationRecorder, type NotificationRecorder } from "../../platform/notifications/notification-recorder.ts";
import { noOutboxNotifier, type OutboxNotifier } from "../../platform/realtime/outbox.server.ts";
import type { PreferencesService } from "../accounts/preferences/preferences.service.server.ts";
import { createFollowsService } from "./follows.service.server.ts";
import { createFriendshipsService } from "./friendships.service.server.ts";
import { createQuietsService } from "./quiets.service.server.ts";
import { createReportsService } from "./reports.service.server.ts";
import { createSocialGraph, type Actor, type SocialDirectory, type SocialFailure, type SocialGraph } from "./social-graph.server.ts";
import { STATUS_MAX_LENGTH } from "./social.constants.ts";
import type { SocialCounts } from "./social.schema.ts";
import { blocks, mutes, socialCounts } from "./social.tables.server.ts";

export type { Actor, SocialFailure } from "./social-graph.server.ts";
export type { PendingFriendRequest } from "./friendships.service.server.ts";
export type { QuietedMember } from "./quiets.service.server.ts";

/** The member settings the social feature keeps on the member's account (written by the accounts feature). */
export type SocialMemberSettings = Pick<PreferencesService, "setAllowFriendRequests" | "setStatusText">;

/** The read side: how two members are tied, a member's counters, whom a member does not hear. */
export function createSocialService(graph: SocialGraph, settings: Pick<SocialMemberSettings, "setStatusText">) {
  const { db } = graph;
  // Prepared once: every card and profile view reads the counters.
  const countsOf = db
    .select({ friends: socialCounts.friends, followers: socialCounts.followers, following: socialCounts.following })
    .from(socialCounts)
    .where(eq(socialCounts.userId, sql.placeholder("userId")))
    .prepare("social_counts_of_user");

  return {
    findTarget: graph.findTarget,
    relationship: graph.relationship,

    /** One primary-key read: the counters kept with each change. */
    async counts(userId: number): Promise<SocialCounts> {
      const [row] = await countsOf.execute({ userId });
      return row ?? { friends: 0, followers: 0, following: 0 };
    },

    /** Members this member muted or blocked (at most `limit`): whose chat they never see. */
    async silencedBy(memberId: number, limit: number): Promise<number[]> {
      const [muted, blocked] = await Promise.all([
        db.select({ id: mutes.mutedId }).from(mutes).where(eq(mutes.muterId, memberId)).limit(limit),
        db.select({ id: blocks.blockedId }).from(blocks).where(eq(blocks.blockerId, memberId)).limit(limit),
      ]);
      return [...new Set([...muted, ...blocked].map((row) => row.id))].slice(0, limit);
    },

    /** The member's status line on their card (stored with the member by the accounts feature). */
    async setStatus(actor: Actor, text: string): Promise<Result<string | null, SocialFailure>> {
      const trimmed = text.trim();
      if ([...trimmed].length > STATUS_MAX_LENGTH) return fail("status_too_long", { len: STATUS_MAX_LENGTH });
      return ok(await settings.setStatusText(actor.id, trimmed || null));
    },
  };
}

export type SocialService = ReturnType<typeof createSocialService>;

export interface SocialServicesDeps {
  readonly directory: SocialDirectory;
  readonly settings: SocialMemberSettings;
  /** Told after each commit that wrote events, so they leave at once (the relay retries otherwise). */
  readonly outbox?: OutboxNotifier;
  /** Records the members' notices in the same transactions as the changes they announce. */
  readonly notifications?: NotificationRecorder;
}

/** Every social service over one graph: what the feature definition and the tests build. */
export function createSocialServices(db: Database, deps: SocialServicesDeps) {
  const graph = createSocialGraph(db, deps.directory);
  return {
    social: createSocialService(graph, deps.settings),
    friendships: createFriendshipsService(graph, deps.outbox ?? noOutboxNotifier, deps.notifications ?? noNotificationRecorder, deps.settings),
    follows: createFollowsService(graph),
    quiets: createQuietsService(graph),
    reports: createReportsService(graph),
  };
}

export type SocialAggregates = ReturnType<typeof createSocialServices>;
