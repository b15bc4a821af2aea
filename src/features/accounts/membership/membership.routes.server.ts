import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { declareFailures } from "../../../platform/http/failure-statuses.ts";
import { formFailed, formSucceeded } from "../../../platform/http/form-response.server.ts";
import { translate } from "../../../platform/http/json-errors.server.ts";
import { generateLink } from "../../../platform/links/links.ts";
import type { MembershipFailure } from "./membership-rules.ts";
import { checkoutBodySchema, giftBodySchema, giftParamsSchema, grantBodySchema, type MembershipStatus } from "./membership.schema.ts";
import { membershipPolicy } from "./membership.policy.server.ts";
import type { GiftContactCheck, MembershipService } from "./membership.service.server.ts";

declareFailures<MembershipFailure>({
  member_not_found: "not_found",
  not_eligible: "invalid",
  membership_permanent: "conflict",
  gift_to_self: "invalid",
  payments_unavailable: "unavailable",
  gift_staff_only: "refused",
  blocked_by_member: "refused",
  blocked: "refused",
});

function refuse(request: FastifyRequest, reply: FastifyReply, failure: MembershipFailure, backTo: string, keep: Readonly<Record<string, string | undefined>> = {}) {
  return formFailed(request, reply, { code: failure, message: translate(request, `membership.error.${failure}`) }, backTo, keep);
}

function invalid(request: FastifyRequest, reply: FastifyReply, backTo: string) {
  return formFailed(request, reply, { code: "validation_failed", message: translate(request, "membership.error.invalid_choice") }, backTo);
}

function presentMembership(status: MembershipStatus): { membership: MembershipStatus } {
  return { membership: { username: status.username, level: status.level, expiresAt: status.expiresAt } };
}

/**
 * POST /callback/membership/grant (staff), /callback/membership/gift/{username}
 * (members) and /callback/membership/checkout (the purchase form). JSON from
 * the HTTP client, or plain form posts answered with 303 back to the page.
 */
export function registerMembershipRoutes(app: FastifyInstance, deps: { membership: MembershipService; contacts: GiftContactCheck }): void {
  const membershipPage = generateLink("web_membership");
  const changeRateLimit = { max: 30, timeWindow: "1 minute" };

  app.post("/callback/membership/grant", { config: { rateLimit: changeRateLimit } }, async (request, reply) => {
    const staff = membershipPolicy.grant(request);
    const body = grantBodySchema.safeParse(request.body ?? {});
    if (!body.success) return invalid(request, reply, membershipPage);
    const { username, level, period } = body.data;
    const result = await deps.membership.grant(staff.user.id, username, level, period);
    if (!result.ok) return refuse(request, reply, result.error, membershipPage);
    return formSucceeded(request, reply, generateLink("web_membership", { done: "granted", username: result.value.username }), presentMembership(result.value));
  });

  app.post<{ Params: { username: string } }>("/callback/membership/gift/:username", { config: { rateLimit: changeRateLimit } }, async (request, reply) => {
    const giver = membershipPolicy.gift(request);
    const params = giftParamsSchema.safeParse(request.params);
    if (!params.success) return refuse(request, reply, "member_not_found", membershipPage);
    const profile = generateLink("web_member_profile", { username: params.data.username.toLowerCase() });
    const body = giftBodySchema.safeParse(request.body ?? {});
    if (!body.success) return invalid(request, reply, profile);
    const result = await deps.membership.gift({ id: giver.user.id, level: giver.user.membershipLevel }, params.data.username, body.data.level, body.data.period, deps.contacts);
    if (!result.ok) return refuse(request, reply, result.error, profile);
    return formSucceeded(request, reply, generateLink("web_member_profile", { username: result.value.username.toLowerCase(), done: "gifted" }), presentMembership(result.value));
  });

  app.post("/callback/membership/checkout", async (request, reply) => {
    membershipPolicy.checkout(request);
    const body = checkoutBodySchema.safeParse(request.body ?? {});
    if (!body.success) return invalid(request, reply, membershipPage);
    // No payment processor is connected to this site (membership.service.server.ts): the purchase stops here, and says so.
    return refuse(request, reply, "payments_unavailable", membershipPage, { c: body.data.c, b: body.data.b, level: body.data.level, period: body.data.period });
  });
}
