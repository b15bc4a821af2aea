import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { AppError, type Result } from "../../platform/http/errors.ts";
import { declareFailures } from "../../platform/http/failure-statuses.ts";
import { formFailed, formSucceeded } from "../../platform/http/form-response.server.ts";
import { translate } from "../../platform/http/json-errors.server.ts";
import { generateLink, safeRedirectPath } from "../../platform/links/links.ts";
import { CSRF_COOKIE, CSRF_HEADER, csrfRequestIsValid } from "../../platform/security/csrf.server.ts";
import { requireLoggedIn } from "../accounts/viewer.server.ts";
import { csrfBindingOf } from "../accounts/viewer.server.ts";
import type { ClubAccess, ClubRef } from "./club-access.service.server.ts";
import { clubViewerOf } from "./club-viewer.server.ts";
import { CLUB_BACKGROUND_MAX_BYTES, CLUB_KEPT_DESCRIPTION_MAX, CLUB_NAME_MAX, CLUB_URL_MAX, clubJoinPolicies, isClubFormError, type ClubFormError } from "./clubs.constants.ts";
import { clubEditSchema, clubMemberParamSchema, clubParamSchema, clubUploadsSchema, inviteBodySchema, manageRequestBodySchema, newClubSchema, roleBodySchema, secretBodySchema } from "./clubs.schema.ts";
import type { ClubActor, ClubFailure, ClubsService } from "./clubs.service.server.ts";
import type { ClubMembershipService } from "./club-membership.service.server.ts";
import type { ClubInvitationsService } from "./club-invitations.service.server.ts";
import type { ClubStaffService } from "./club-staff.service.server.ts";

/** Each refusal's kind (its status: platform/http/failure-statuses.ts); its text is clubs.create.error.<code> for the forms' own, clubs.error.<code> otherwise. */
declareFailures<ClubFailure | ClubFormError>({
  sign_in: "unauthenticated",
  already_member: "conflict",
  not_member: "refused",
  owner_cannot_leave: "conflict",
  invitation_only: "refused",
  approval_needed: "refused",
  not_open_for_requests: "conflict",
  not_allowed: "refused",
  not_found: "not_found",
  member_not_found: "not_found",
  url_taken: "conflict",
  invalid_secret: "refused",
  no_request: "conflict",
  target_not_member: "invalid",
  target_already_member: "conflict",
  already_owner: "conflict",
  blocked: "refused",
  cannot_remove: "refused",
  sent_too_many: "too_many",
  name_invalid: "invalid",
  url_invalid: "invalid",
  country_invalid: "invalid",
  description_too_long: "invalid",
  join_policy_invalid: "invalid",
  avatar_too_large: "too_large",
  background_too_large: "too_large",
  avatar_not_image: "unsupported_media",
  background_not_image: "unsupported_media",
});

/** The message of a create or edit form's refusal. */
const formMessageKey = (code: string): string => (isClubFormError(code) ? `clubs.create.error.${code}` : `clubs.error.${code}`);

/** What a refused create or edit form comes back with, so nothing typed is lost (the files a browser never refills). */
const keptFieldsSchema = z
  .object({
    name: z.string().transform((value) => value.slice(0, CLUB_NAME_MAX)).optional().catch(undefined),
    url: z.string().transform((value) => value.slice(0, CLUB_URL_MAX)).optional().catch(undefined),
    description: z.string().transform((value) => value.slice(0, CLUB_KEPT_DESCRIPTION_MAX)).optional().catch(undefined),
    country: z.string().max(2).optional().catch(undefined),
    joinPolicy: z.enum(clubJoinPolicies).optional().catch(undefined),
  })
  .catch({});
const keptFields = (body: unknown): Record<string, string | undefined> => keptFieldsSchema.parse(body ?? {});

/**
 * Decoding images costs CPU, so the two image forms have a limit of their own
 * per address: a person saves a club form a few times a minute at most; one
 * a second leaves room for several club staff behind one address (a school,
 * a chess club's own network) while capping what one sender can make the
 * server decode.
 */
const imageFormRouteConfig = { rateLimit: { max: 60, timeWindow: "1 minute" } } as const;


const redirectBodySchema = z.object({ redirectUrl: z.string().max(2000).optional() }).loose();

/** The acting member: signed in, enabled, not closed (401 / 403 otherwise). */
function actorOf(request: FastifyRequest): ClubActor {
  const session = requireLoggedIn(request);
  const viewer = clubViewerOf(request);
  if (!viewer) throw new AppError("forbidden");
  return { ...viewer, username: session.user.username };
}

function backOf(request: FastifyRequest, fallback: string): string {
  const body = redirectBodySchema.safeParse(request.body ?? {});
  return (body.success ? safeRedirectPath(body.data.redirectUrl) : null) ?? fallback;
}

/**
 * Answers a command: JSON for the HTTP client, a 303 back to the page for a
 * plain form post (with ?error=<code> when refused).
 */
function answer<T extends object | null>(request: FastifyRequest, reply: FastifyReply, club: ClubRef, result: Result<T, ClubFailure>, messageKey: string) {
  const back = backOf(request, generateLink("web_club", { url: club.url }));
  if (!result.ok) {
    return formFailed(request, reply, { code: result.error, message: translate(request, `clubs.error.${result.error}`) }, back);
  }
  return formSucceeded(request, reply, back, { message: translate(request, messageKey), ...(result.value ?? {}) });
}

export interface ClubsRouteDeps {
  readonly clubs: ClubsService;
  readonly clubMembership: ClubMembershipService;
  readonly clubInvitations: ClubInvitationsService;
  readonly clubStaff: ClubStaffService;
  readonly access: ClubAccess;
  readonly csrfSecret: Buffer;
}

/** The club callbacks of spec 000 §7 (and the few the pages need besides): thin, each one service call. */
export async function registerClubsRoutes(app: FastifyInstance, deps: ClubsRouteDeps): Promise<void> {
  const { clubs, clubMembership, clubInvitations, clubStaff, access } = deps;

  async function clubOf(request: FastifyRequest): Promise<ClubRef> {
    const params = clubParamSchema.safeParse(request.params);
    const club = params.success ? await access.findClub(params.data.id) : null;
    if (!club) throw new AppError("not_found");
    return club;
  }

  function usernameOf(request: FastifyRequest): string {
    const params = clubMemberParamSchema.safeParse(request.params);
    if (!params.success) throw new AppError("not_found");
    return params.data.username;
  }

  // The create and edit forms carry files: multipart bodies are parsed for these routes only (JSON still works),
  // and their fields (the CSRF token among them) are in the body before the CSRF check.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      attachFieldsToBody: "keyValues",
      // One byte over the larger limit is enough to know a file is too large; the rest is read and dropped.
      limits: { fileSize: CLUB_BACKGROUND_MAX_BYTES + 1, files: 2, fields: 10, parts: 14, fieldSize: 32 * 1024 },
      throwFileSizeLimit: false,
    });

    // Any basic or higher member creates a club and becomes its owner (the service decides: clubCreationRefusal).
    scope.post("/callback/clubs/create", { config: imageFormRouteConfig }, async (request, reply) => {
      const actor = { ...actorOf(request), level: requireLoggedIn(request).user.membershipLevel };
      const back = `${generateLink("web_clubs")}#create-club`;
      const refused = (code: string) => formFailed(request, reply, { code, message: translate(request, formMessageKey(code)) }, back, keptFields(request.body));
      const parsed = newClubSchema.safeParse(request.body ?? {});
      if (!parsed.success) return refused(parsed.error.issues[0]?.message ?? "name_invalid");
      const { country, ...rest } = parsed.data;
      const result = await clubs.create(actor, { ...rest, countryCode: country }, clubUploadsSchema.parse(request.body ?? {}));
      if (!result.ok) return refused(result.error);
      return formSucceeded(request, reply, generateLink("web_club", { url: result.value.url }), { club: result.value });
    });

    // The owner, admins and site staff edit the club (the policy's "edit"); the url slug stays.
    scope.post("/callback/club/edit/:id", { config: imageFormRouteConfig }, async (request, reply) => {
      const club = await clubOf(request);
      const actor = actorOf(request);
      const back = generateLink("web_clubs_edit", { url: club.url });
      const refused = (code: string) => formFailed(request, reply, { code, message: translate(request, formMessageKey(code)) }, back, keptFields(request.body));
      const parsed = clubEditSchema.safeParse(request.body ?? {});
      if (!parsed.success) return refused(parsed.error.issues[0]?.message ?? "name_invalid");
      const { country, ...rest } = parsed.data;
      const result = await clubs.edit(actor, club.id, { ...rest, countryCode: country }, clubUploadsSchema.parse(request.body ?? {}));
      if (!result.ok) return refused(result.error);
      return formSucceeded(request, reply, generateLink("web_club", { url: result.value.url }), { club: result.value });
    });
  });

  app.post("/callback/club/join/:id", async (request, reply) => {
    const club = await clubOf(request);
    return answer(request, reply, club, await clubMembership.join(actorOf(request), club.id), "clubs.done.joined");
  });

  app.post("/callback/club/join-with-secret/:id", async (request, reply) => {
    const club = await clubOf(request);
    const body = secretBodySchema.safeParse(request.body ?? {});
    const result = body.success ? await clubMembership.joinWithSecret(actorOf(request), club.id, body.data.secret) : ({ ok: false, error: "invalid_secret" } as const);
    return answer(request, reply, club, result, "clubs.done.joined");
  });

  app.post("/callback/club/request/:id", async (request, reply) => {
    const club = await clubOf(request);
    return answer(request, reply, club, await clubInvitations.requestToJoin(actorOf(request), club.id), "clubs.done.requested");
  });

  app.post("/callback/club/request/cancel/:id", async (request, reply) => {
    const club = await clubOf(request);
    return answer(request, reply, club, await clubInvitations.cancelRequest(actorOf(request), club.id), "clubs.done.request_cancelled");
  });

  app.post("/callback/club/leave/:id", async (request, reply) => {
    const club = await clubOf(request);
    return answer(request, reply, club, await clubMembership.leave(actorOf(request), club.id), "clubs.done.left");
  });

  app.post("/callback/club/group-request/manage/:id/:username", async (request, reply) => {
    const club = await clubOf(request);
    const username = usernameOf(request);
    const body = manageRequestBodySchema.safeParse(request.body ?? {});
    if (!body.success) throw new AppError("validation_failed");
    const result = await clubInvitations.answerRequest(actorOf(request), club.id, username, body.data.action === "approve");
    return answer(request, reply, club, result, body.data.action === "approve" ? "clubs.done.request_approved" : "clubs.done.request_denied");
  });

  // /clubs/members/invite's form names the member in the body; the JSON call may name them in the path.
  app.post("/callback/club/invite/:id", async (request, reply) => {
    const body = inviteBodySchema.safeParse(request.body ?? {});
    // The invite page's select names the club in the body; it wins over the path's default.
    const chosen = body.success && body.data.club ? await access.findClub(body.data.club) : null;
    const club = chosen ?? (await clubOf(request));
    const result = body.success ? await clubInvitations.invite(actorOf(request), club.id, body.data.username) : ({ ok: false, error: "member_not_found" } as const);
    return answer(request, reply, club, result, "clubs.done.invited");
  });
  app.post("/callback/club/invite/:id/:username", async (request, reply) => {
    const club = await clubOf(request);
    return answer(request, reply, club, await clubInvitations.invite(actorOf(request), club.id, usernameOf(request)), "clubs.done.invited");
  });

  // The spec makes this a GET; it changes the secret, so it needs the CSRF header like any write.
  async function generateSecret(request: FastifyRequest, reply: FastifyReply) {
    const club = await clubOf(request);
    const actor = actorOf(request);
    if (request.method === "GET") {
      const header = request.headers[CSRF_HEADER];
      if (!csrfRequestIsValid(deps.csrfSecret, csrfBindingOf(request.viewer), request.cookies[CSRF_COOKIE], typeof header === "string" ? header : undefined)) throw new AppError("csrf_token_invalid");
    }
    const result = await clubInvitations.generateInvitationSecret(actor, club.id);
    const withLink: Result<{ secret: string; link: string; idLink: string }, ClubFailure> = result.ok
      ? { ok: true, value: { secret: result.value.secret, link: generateLink("web_club_join", { url: club.url, secret: result.value.secret }), idLink: generateLink("web_club_join_by_id", { id: club.id, secret: result.value.secret }) } }
      : result;
    return answer(request, reply, club, withLink, "clubs.done.secret_generated");
  }
  app.get("/callback/club/:id/generate-invitation-secret", generateSecret);
  app.post("/callback/club/:id/generate-invitation-secret", generateSecret);

  app.post("/callback/club/owner/change/:id/:username", async (request, reply) => {
    const club = await clubOf(request);
    return answer(request, reply, club, await clubStaff.changeOwner(actorOf(request), club.id, usernameOf(request)), "clubs.done.owner_changed");
  });

  app.post("/callback/club/role/:id/:username", async (request, reply) => {
    const club = await clubOf(request);
    const body = roleBodySchema.safeParse(request.body ?? {});
    if (!body.success) throw new AppError("validation_failed");
    return answer(request, reply, club, await clubStaff.setRole(actorOf(request), club.id, usernameOf(request), body.data.role, body.data.granted), "clubs.done.role_changed");
  });

  app.post("/callback/club/member/remove/:id/:username", async (request, reply) => {
    const club = await clubOf(request);
    return answer(request, reply, club, await clubMembership.removeMember(actorOf(request), club.id, usernameOf(request)), "clubs.done.member_removed");
  });

  app.post("/callback/club/members/remove-closed/:id", async (request, reply) => {
    const club = await clubOf(request);
    return answer(request, reply, club, await clubMembership.removeClosed(actorOf(request), club.id), "clubs.done.closed_removed");
  });

  app.post("/callback/club/member/sync/:id", async (request, reply) => {
    const club = await clubOf(request);
    return answer(request, reply, club, await clubMembership.syncMemberCount(actorOf(request), club.id), "clubs.done.synced");
  });

  app.post("/callback/club/remove/custom_background/:id", async (request, reply) => {
    const club = await clubOf(request);
    return answer(request, reply, club, await clubs.removeBackground(actorOf(request), club.id), "clubs.done.background_removed");
  });
}
