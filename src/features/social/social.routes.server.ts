import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { FeatureFlags } from "../../platform/flags/feature-flags.ts";
import { AppError, type Result } from "../../platform/http/errors.ts";
import { translate } from "../../platform/http/json-errors.server.ts";
import { requireLoggedIn, requireMember } from "../accounts/viewer.server.ts";
import { declareFailures } from "../../platform/http/failure-statuses.ts";
import { sendFailure, wantsJson } from "../../platform/http/form-response.server.ts";
import { generateLink, safeRedirectPath } from "../../platform/links/links.ts";
import { allowFriendRequestsBodySchema, reportBodySchema, reportReasons, statusBodySchema, usernameParamSchema, type Relationship } from "./social.schema.ts";
import type { Actor, SocialFailure, SocialService } from "./social.service.server.ts";
import type { FollowsService } from "./follows.service.server.ts";
import type { FriendshipsService } from "./friendships.service.server.ts";
import type { QuietsService } from "./quiets.service.server.ts";
import type { ReportsService } from "./reports.service.server.ts";

/** What kind of refusal each code is (its status comes from the one table); its message is social.error.<code>. */
declareFailures<SocialFailure>({
  sign_in_required: "unauthenticated",
  viewer_closed: "refused",
  member_is_guest: "refused",
  cannot_report_staff: "refused",
  not_messageable: "refused",
  cannot_receive_gift: "refused",
  not_found: "not_found",
  self: "invalid",
  status_too_long: "invalid",
  guest: "refused",
  account_closed: "refused",
  blocked: "refused",
  blocked_by_member: "refused",
  requests_not_allowed: "refused",
  cannot_block_staff: "refused",
  already_friends: "conflict",
  request_exists: "conflict",
  no_request: "conflict",
  not_friends: "conflict",
  already_tracking: "conflict",
  not_tracking: "conflict",
  already_blocked: "conflict",
  not_blocked: "conflict",
  already_muted: "conflict",
  not_muted: "conflict",
  sent_too_many: "too_many",
});

/** The acting member, or 401 (anonymous, two-factor step) / 403 (guest). */
export function actorOf(request: FastifyRequest): Actor {
  const session = requireMember(request);
  return { id: session.user.id, username: session.user.username, level: session.user.membershipLevel };
}

/**
 * The signed-in account acting on another member, guests included: the
 * member-action policy refuses a guest with "guest" (you are a guest), which
 * the refusal's message tells apart from "member_is_guest" (they are).
 */
function accountOf(request: FastifyRequest): Actor {
  const session = requireLoggedIn(request);
  return { id: session.user.id, username: session.user.username, level: session.user.membershipLevel };
}

export function parseUsername(request: FastifyRequest, name: string): string {
  const params: unknown = request.params;
  const value: unknown = params && typeof params === "object" && name in params ? Reflect.get(params, name) : undefined;
  const parsed = usernameParamSchema.safeParse(value);
  if (!parsed.success) throw new AppError("not_found");
  return parsed.data;
}

/** Sends a service result: the value under `key` with a success message, or the refusal. */
export function sendResult<T>(request: FastifyRequest, reply: FastifyReply, result: Result<T, SocialFailure>, success: { key: string; messageKey?: string }) {
  if (!result.ok) {
    return sendFailure(reply, { code: result.error, message: translate(request, `social.error.${result.error}`, result.values ?? {}) });
  }
  return reply.send({ status: "ok", [success.key]: result.value, ...(success.messageKey ? { message: translate(request, success.messageKey) } : {}) });
}

type RelationshipAction = (actor: Actor, username: string) => Promise<Result<Relationship, SocialFailure>>;

/** The member callbacks of spec 000 §7 and 001 §7.3: friends, track, block, mute, report, status. */
export interface SocialRouteDeps {
  readonly social: SocialService;
  readonly friendships: FriendshipsService;
  readonly follows: FollowsService;
  readonly quiets: QuietsService;
  readonly reports: ReportsService;
  readonly features: FeatureFlags;
}

export function registerSocialRoutes(app: FastifyInstance, deps: SocialRouteDeps): void {
  const { social, friendships, follows, quiets, reports } = deps;
  const friendRateLimit = { max: 30, timeWindow: "1 minute" };

  function relationshipRoute(method: "POST" | "PUT" | "DELETE", url: string, param: string, action: RelationshipAction, messageKey: string, rateLimited = false) {
    app.route({
      method,
      url,
      config: rateLimited ? { rateLimit: friendRateLimit } : {},
      handler: async (request, reply) => sendResult(request, reply, await action(accountOf(request), parseUsername(request, param)), { key: "relationship", messageKey }),
    });
  }

  app.post("/callback/friend/:user/request", { config: { rateLimit: friendRateLimit } }, async (request, reply) => {
    const query = z.object({ recommendation: z.enum(["0", "1"]).optional() }).safeParse(request.query);
    const result = await friendships.sendFriendRequest(accountOf(request), parseUsername(request, "user"), query.success && query.data.recommendation === "1");
    return sendResult(request, reply, result, { key: "relationship", messageKey: "social.done.friend_request" });
  });
  relationshipRoute("POST", "/callback/friend/:user/cancel/request", "user", friendships.cancelFriendRequest, "social.done.friend_request_cancelled");
  relationshipRoute("PUT", "/callback/friend/:user/accept", "user", friendships.acceptFriendRequest, "social.done.friend_accepted");
  relationshipRoute("DELETE", "/callback/friend/:user/decline/request", "user", friendships.declineFriendRequest, "social.done.friend_declined");
  relationshipRoute("DELETE", "/callback/friend/:user/delete", "user", friendships.removeFriend, "social.done.friend_removed");
  relationshipRoute("POST", "/callback/member/:username/track", "username", follows.track, "social.done.tracked");
  relationshipRoute("POST", "/callback/member/:username/untrack", "username", follows.untrack, "social.done.untracked");
  relationshipRoute("POST", "/callback/member/:username/block", "username", quiets.block, "social.done.blocked", true);
  relationshipRoute("POST", "/callback/member/:username/unblock", "username", quiets.unblock, "social.done.unblocked");
  relationshipRoute("POST", "/callback/member/:username/mute-account", "username", quiets.mute, "social.done.muted");
  relationshipRoute("POST", "/callback/member/:username/unmute-account", "username", quiets.unmute, "social.done.unmuted");

  app.get("/callback/report-user/reasons", async (request) => ({
    reasons: reportReasons.map((reason) => ({ id: reason, label: translate(request, `social.report_reason.${reason}`) })),
  }));

  app.post("/callback/report-user", { config: { rateLimit: { max: 10, timeWindow: "1 hour" }, humanCheck: "report" } }, async (request, reply) => {
    const actor = accountOf(request);
    const body = reportBodySchema.parse(request.body);
    const blockUser = body.block_user === 1 || body.block_user === "1" || body.block_user === true;
    const result = await reports.report(actor, { abuserUsername: body.abuser_username, reason: body.reason, details: body.details?.trim() || null, blockUser }, deps.features.abuse_report_stopping);
    return sendResult(request, reply, result, { key: "report", messageKey: "social.done.reported" });
  });

  app.post("/callback/user/allow-friend-requests", async (request, reply) => {
    const actor = actorOf(request);
    const { allow, redirectUrl } = allowFriendRequestsBodySchema.parse(request.body);
    const allowed = allow === 1 || allow === "1" || allow === true;
    const result = await friendships.setAllowFriendRequests(actor, allowed);
    // A form post without JavaScript goes back to the page it came from.
    if (!wantsJson(request) && result.ok) return reply.redirect(safeRedirectPath(redirectUrl) ?? generateLink("web_member_profile", { username: actor.username }), 303);
    return sendResult(request, reply, result, { key: "allowFriendRequests", messageKey: "social.done.setting_saved" });
  });

  app.post("/callback/user/set-status", async (request, reply) => {
    const actor = actorOf(request);
    const body = statusBodySchema.parse(request.body);
    return sendResult(request, reply, await social.setStatus(actor, body.status), { key: "statusText" });
  });
}
