import type { FastifyInstance, FastifyRequest } from "fastify";
import { formFailed, formSucceeded } from "../../../platform/http/form-response.server.ts";
import { translate } from "../../../platform/http/json-errors.server.ts";
import { pageLinkFor } from "../settings/page-links.server.ts";
import { forgotPasswordBodySchema, passwordResetMessageKey, resetPasswordBodySchema, type PasswordResetFailure } from "./password-reset.schema.ts";
import type { PasswordResetService } from "./password-reset.service.server.ts";
import { TOKEN_PATTERN } from "../email-links/account-tokens.server.ts";
import { declareFailures } from "../../../platform/http/failure-statuses.ts";
import "../registration/registration-failures.server.ts";

declareFailures({ invalid_link: "gone" });

/** Like sign-in and registration: per address and minute. Asking sends mail, so fewer. */
const forgotRouteConfig = { rateLimit: { max: 10, timeWindow: "1 minute" } } as const;
const resetRouteConfig = { rateLimit: { max: 30, timeWindow: "1 minute" } } as const;

function resetFailure(request: FastifyRequest, code: PasswordResetFailure) {
  return { code, message: translate(request, passwordResetMessageKey(code)) };
}

/** POST /forgot-password and POST /reset-password: plain forms, or JSON from the HTTP client. */
export function registerPasswordResetRoutes(app: FastifyInstance, deps: { passwordReset: PasswordResetService }): void {
  app.post("/forgot-password", { config: forgotRouteConfig }, async (request, reply) => {
    const parsed = forgotPasswordBodySchema.safeParse(request.body ?? {});
    const email = parsed.success ? (parsed.data.email?.trim() ?? "") : "";
    if (email.includes("@")) {
      // Not awaited: an address with an account would answer later than one without (the mail is written first).
      void deps.passwordReset.request(email, request.siteOrigin).catch((error: unknown) => request.log.error({ err: error }, "password reset request failed"));
    }
    // The same answer for every address, known or not.
    return formSucceeded(request, reply, pageLinkFor(request, "web_security_forgot_password", { done: "sent" }));
  });

  app.post("/reset-password", { config: resetRouteConfig }, async (request, reply) => {
    const parsed = resetPasswordBodySchema.safeParse(request.body ?? {});
    const token = parsed.success && TOKEN_PATTERN.test(parsed.data.token) ? parsed.data.token : null;
    if (!parsed.success || token === null) return formFailed(request, reply, resetFailure(request, "invalid_link"), pageLinkFor(request, "web_security_forgot_password"));
    const result = await deps.passwordReset.reset(token, parsed.data.password ?? "");
    if (!result.ok) {
      const backTo = result.error === "invalid_link" ? pageLinkFor(request, "web_security_forgot_password") : pageLinkFor(request, "web_security_reset_password", { token });
      return formFailed(request, reply, resetFailure(request, result.error), backTo);
    }
    return formSucceeded(request, reply, pageLinkFor(request, "web_security_login", { done: "password_reset", username: result.value.username }));
  });
}
