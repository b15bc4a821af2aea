import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { defaultLocale, localeFromHost, type Locale } from "../../../platform/i18n/locales.ts";
import { AppError } from "../../../platform/http/errors.ts";
import { formFailed, formSucceeded } from "../../../platform/http/form-response.server.ts";
import { requestLocale, translate } from "../../../platform/http/json-errors.server.ts";
import { generateLink, safeRedirectPath } from "../../../platform/links/links.ts";
import { startSession, type SignInDeps } from "../sign-in.routes.server.ts";
import { isAlreadyMember, registeringGuestId, requireGuest } from "./registration.policy.server.ts";
import {
  guestBodySchema,
  guestSchema,
  registrationBodySchema,
  registrationFieldErrorsOf,
  skillLevelBodySchema,
  usernameValidityQuerySchema,
  type UsernameValidity,
} from "./registration.schema.ts";
import { fieldErrorMessageId, fieldOf, isRegistrationFieldError, type RegistrationFieldError } from "./registration-rules.ts";
import type { RegistrationService } from "./registration.service.server.ts";
import "./registration-failures.server.ts";

import type { AccountMail } from "../account-mail/account-mail.server.ts";

export interface RegistrationDeps extends SignInDeps {
  readonly registration: RegistrationService;
  /** Befriends the inviter when the member registered through an invite link (an invalid token does nothing). */
  readonly acceptInvite: (newMemberId: number, inviteToken: string) => Promise<void>;
  /** Tells the owner of the address: a welcome, or that someone tried to register with their address. */
  readonly accountMail: AccountMail;
}

/** What a refused form keeps for the next try (never the password); a form the human check interrupted keeps the same. */
const echoSchema = z.object({
  username: z.string().max(100).optional().catch(undefined),
  email: z.string().max(254).optional().catch(undefined),
  country: z.string().max(8).optional().catch(undefined),
  redirectUrl: z.string().max(2048).optional().catch(undefined),
  invite: z.string().max(64).optional().catch(undefined),
});

/** Registrations per address and minute (like sign-in's); the human check (config.humanCheck) comes on top. */
const registrationRouteConfig = { rateLimit: { max: 30, timeWindow: "1 minute" }, humanCheck: "registration", humanCheckKeeps: Object.keys(echoSchema.shape) } as const;
const guestRouteConfig = { rateLimit: { max: 30, timeWindow: "1 minute" } } as const;
/** Creating a guest account writes a row for anyone who asks: past a few per address, the human check. */
const guestCreationRouteConfig = { ...guestRouteConfig, humanCheck: "guest", humanCheckKeeps: ["redirectUrl"] } as const;
const usernameCheckRouteConfig = { rateLimit: { max: 120, timeWindow: "1 minute" } } as const;

/** A form posted from /es/register goes back to /es/...; a language subdomain needs no prefix. */
function pathLocaleOf(request: FastifyRequest): Locale | null {
  const locale = requestLocale(request);
  return locale !== defaultLocale && localeFromHost(request.host) !== locale ? locale : null;
}

function bodyOf(request: FastifyRequest): unknown {
  return request.body ?? {};
}

function refuseRegistration(request: FastifyRequest, reply: FastifyReply, errors: readonly RegistrationFieldError[]) {
  const echo = echoSchema.safeParse(bodyOf(request));
  const kept = echo.success ? echo.data : {};
  const backTo = generateLink("web_security_register", {}, { locale: pathLocaleOf(request) });
  const fields: Record<string, string> = {};
  for (const error of errors) fields[fieldOf(error)] ??= translate(request, fieldErrorMessageId(error));
  const first = errors[0];
  const message = first ? translate(request, fieldErrorMessageId(first)) : translate(request, "error.validation_failed");
  return formFailed(request, reply, { code: "validation_failed", message, fields }, backTo, {
    redirectUrl: safeRedirectPath(kept.redirectUrl) ?? undefined,
    username: kept.username,
    email: kept.email,
    country: kept.country,
    invite: kept.invite,
    invalid: errors.join(","),
  });
}

/**
 * POST /register, GET /callback/user/valid, POST /guest and
 * POST /guest/update-skill-level: forms without JavaScript, or JSON from the
 * HTTP client (form-response.server.ts).
 */
export function registerRegistrationRoutes(app: FastifyInstance, deps: RegistrationDeps): void {
  app.post("/register", { config: registrationRouteConfig }, async (request, reply) => {
    const locale = pathLocaleOf(request);
    if (isAlreadyMember(request)) {
      const message = translate(request, "registration.error.already_registered");
      return formFailed(request, reply, { code: "already_registered", message }, generateLink("web_security_register", {}, { locale }));
    }
    const parsed = registrationBodySchema.safeParse(bodyOf(request));
    if (!parsed.success) return refuseRegistration(request, reply, registrationFieldErrorsOf(parsed.error));
    const { username, email, password, country, redirectUrl, invite } = parsed.data;
    const result = await deps.registration.register({ username, email, password, country, language: requestLocale(request) }, registeringGuestId(request));
    if (!result.ok) {
      if (result.error === "not_a_guest") throw new AppError("conflict");
      const errors = Object.values(result.values ?? {}).filter((value): value is RegistrationFieldError => typeof value === "string" && isRegistrationFieldError(value));
      return refuseRegistration(request, reply, errors);
    }
    if (invite) await deps.acceptInvite(result.value.id, invite);
    // The same answer whether or not the address had an account: the mail says which it was.
    const { emailOwner } = result.value;
    if (emailOwner) await deps.accountMail.send("email_taken", emailOwner, request.siteOrigin);
    else await deps.accountMail.send("registered", { username: result.value.username, email, language: requestLocale(request) }, request.siteOrigin);
    await startSession(request, reply, deps, result.value.id, { remember: false, twoFactorPending: false });
    // A new member lands on their home with its welcome (issue 22 item 2), unless they came to do something else.
    const target = safeRedirectPath(redirectUrl) ?? generateLink("web_home", { welcome: "1" }, { locale });
    return formSucceeded(request, reply, target, { username: result.value.username, convertedGuest: result.value.convertedGuest, confirmationSent: true });
  });

  app.get("/callback/user/valid", { config: usernameCheckRouteConfig }, async (request, reply) => {
    const query = usernameValidityQuerySchema.safeParse(request.query);
    if (!query.success) throw new AppError("validation_failed", {}, { username: translate(request, "registration.error.username.query") });
    const reason = await deps.registration.usernameProblem(query.data.username, registeringGuestId(request));
    const answer: UsernameValidity = reason ? { valid: false, reason, message: translate(request, `registration.error.username.${reason}`) } : { valid: true };
    return reply.header("cache-control", "no-store").send(answer);
  });

  app.post("/guest", { config: guestCreationRouteConfig }, async (request, reply) => {
    const parsed = guestBodySchema.safeParse(bodyOf(request));
    const locale = pathLocaleOf(request);
    const target = safeRedirectPath(parsed.success ? parsed.data.redirectUrl : undefined) ?? generateLink("web_play_new", {}, { locale });
    if (isAlreadyMember(request)) {
      const message = translate(request, "registration.error.already_registered");
      return formFailed(request, reply, { code: "already_registered", message }, generateLink("web_security_register", {}, { locale }));
    }
    const { session, user } = request.viewer;
    if (session && user.isLoggedIn && user.isGuest) {
      // Already a guest: the same guest goes on playing, no second row.
      return formSucceeded(request, reply, target, guestSchema.parse({ username: session.user.username, skillLevel: session.user.skillLevel }));
    }
    const guest = await deps.registration.createGuest(requestLocale(request));
    // A guest has no password to sign in again with: the session is remembered.
    await startSession(request, reply, deps, guest.id, { remember: true, twoFactorPending: false });
    return formSucceeded(request, reply, target, guestSchema.parse({ username: guest.username, skillLevel: null }));
  });

  app.post("/guest/update-skill-level", { config: guestRouteConfig }, async (request, reply) => {
    const session = requireGuest(request);
    const parsed = skillLevelBodySchema.safeParse(bodyOf(request));
    if (!parsed.success) {
      const key = parsed.error.issues[0]?.message ?? "registration.error.skill_level.invalid";
      throw new AppError("validation_failed", {}, { skill_level: translate(request, key.startsWith("registration.error.skill_level.") ? key : "registration.error.skill_level.invalid") });
    }
    const result = await deps.registration.updateGuestSkillLevel(session.user.id, parsed.data.skill_level);
    if (!result.ok) throw new AppError("forbidden");
    return reply.header("cache-control", "no-store").send({ status: "ok", ...guestSchema.parse(result.value) });
  });
}
