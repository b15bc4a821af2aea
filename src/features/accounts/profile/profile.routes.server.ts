import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { AppError, fail } from "../../../platform/http/errors.ts";
import { declareFailures } from "../../../platform/http/failure-statuses.ts";
import { formSucceeded } from "../../../platform/http/form-response.server.ts";
import { backToSettings, keyedFailure, memberSession, refuseNonMember } from "../settings/member-form.server.ts";
import { pageLinkFor } from "../settings/page-links.server.ts";
import { USERNAME_PATTERN } from "../registration/registration-rules.ts";
import { requireLevel } from "../policy.server.ts";
import { AVATAR_MAX_BYTES, isProfileFailure, profileBodySchema, type ProfileFailure } from "./profile.schema.ts";
import type { ProfileService } from "./profile.service.server.ts";

declareFailures<ProfileFailure>({
  profile_editing_disallowed: "refused",
  first_name_too_long: "invalid",
  last_name_too_long: "invalid",
  location_too_long: "invalid",
  bio_too_long: "invalid",
  country_invalid: "invalid",
  avatar_missing: "invalid",
  avatar_too_large: "too_large",
  avatar_not_image: "unsupported_media",
});

function profileFailure(request: FastifyRequest, code: ProfileFailure) {
  return keyedFailure(request, code, `profile_settings.error.${code}`);
}

/** Decoding an image costs CPU: a few uploads a minute per address is plenty for a person. */
const avatarRouteConfig = { rateLimit: { max: 20, timeWindow: "1 minute" } } as const;

/** The uploaded file of a multipart body (attachFieldsToBody "keyValues" makes file fields Buffers). */
const avatarBodySchema = z.object({ avatar: z.instanceof(Buffer).optional() });
const memberParamsSchema = z.object({ user: z.string().regex(USERNAME_PATTERN) });

/**
 * POST /settings/profile, /settings/avatar (multipart), /settings/avatar/remove
 * for the member's own profile; POST /callback/allow-profile-editing/{user} and
 * /callback/disallow-profile-editing/{user} for staff (spec 000 §4, §7).
 */
export async function registerProfileRoutes(app: FastifyInstance, deps: { profile: ProfileService }): Promise<void> {
  app.post("/settings/profile", async (request, reply) => {
    const session = memberSession(request);
    if (!session) return refuseNonMember(request, reply);
    const parsed = profileBodySchema.safeParse(request.body ?? {});
    if (!parsed.success) {
      const code = parsed.error.issues.map((issue) => issue.message).find(isProfileFailure) ?? "country_invalid";
      return backToSettings(request, reply, profileFailure(request, code), "profile");
    }
    const result = await deps.profile.save(session.user.id, parsed.data);
    if (!result.ok) return backToSettings(request, reply, profileFailure(request, result.error), "profile");
    return formSucceeded(request, reply, pageLinkFor(request, "web_user_settings", { done: "profile_saved" }, { anchor: "profile" }));
  });

  app.post("/settings/avatar/remove", async (request, reply) => {
    const session = memberSession(request);
    if (!session) return refuseNonMember(request, reply);
    const result = await deps.profile.removeAvatar(session.user.id);
    if (!result.ok) return backToSettings(request, reply, profileFailure(request, result.error), "profile");
    return formSucceeded(request, reply, pageLinkFor(request, "web_user_settings", { done: "avatar_removed" }, { anchor: "profile" }), { avatarUrl: null });
  });

  // Multipart bodies are parsed for this route only; its fields (the CSRF token among them) are in the body before the CSRF check.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      attachFieldsToBody: "keyValues",
      // One byte over the limit is enough to know a file is too large; the rest is read and dropped.
      limits: { fileSize: AVATAR_MAX_BYTES + 1, files: 1, fields: 4, parts: 6, fieldSize: 1024 },
      throwFileSizeLimit: false,
    });
    scope.post("/settings/avatar", { config: avatarRouteConfig }, async (request, reply) => {
      const session = memberSession(request);
      if (!session) return refuseNonMember(request, reply);
      const parsed = avatarBodySchema.safeParse(request.body ?? {});
      const upload = parsed.success ? parsed.data.avatar : undefined;
      const result = upload ? await deps.profile.setAvatar(session.user.id, upload) : fail("avatar_missing");
      if (!result.ok) return backToSettings(request, reply, profileFailure(request, result.error), "profile");
      return formSucceeded(request, reply, pageLinkFor(request, "web_user_settings", { done: "avatar_saved" }, { anchor: "profile" }), { avatarUrl: result.value.avatarUrl });
    });
  });

  for (const [path, allowed] of [["/callback/allow-profile-editing/:user", true], ["/callback/disallow-profile-editing/:user", false]] as const) {
    app.post(path, async (request, reply) => {
      const params = memberParamsSchema.safeParse(request.params);
      if (!params.success) throw new AppError("not_found");
      requireLevel(request, "staff");
      const member = await deps.profile.setEditingAllowed(params.data.user, allowed);
      if (!member) throw new AppError("not_found");
      const done = allowed ? "profile_editing_allowed" : "profile_editing_disallowed";
      return formSucceeded(request, reply, pageLinkFor(request, "web_member_profile", { username: member.username.toLowerCase(), done }), { member });
    });
  }
}
