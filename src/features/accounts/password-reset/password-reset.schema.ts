import { z } from "zod";
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, type RegistrationFieldError } from "../registration/registration-rules.ts";

/** POST /forgot-password: the address to send the link to. Anything that is not an address gets the same answer as an unknown one. */
export const forgotPasswordBodySchema = z.object({
  email: z.string().max(EMAIL_MAX_LENGTH * 2).optional(),
  locale: z.string().max(16).optional(),
});

/** POST /reset-password: the link's token and the new password (its rules are checked by the service). */
export const resetPasswordBodySchema = z.object({
  token: z.string().max(100),
  password: z.string().max(PASSWORD_MAX_LENGTH * 2).optional(),
  locale: z.string().max(16).optional(),
});

/** Why a reset was refused: the link is unknown, used or expired, or the new password breaks a rule. */
export type PasswordResetFailure = "invalid_link" | RegistrationFieldError;

/** The codes a refused reset comes back to its page with (?error=). */
export const passwordResetErrorCodes = ["invalid_link", "password.required", "password.too_short", "password.too_long", "password.too_common", "password.same_as_username", "password.same_as_email"] as const;

/** The message of a refusal: the link's own, or the registration form's password rule. */
export function passwordResetMessageKey(code: PasswordResetFailure): string {
  return code === "invalid_link" ? "password_reset.error.invalid_link" : `registration.error.${code}`;
}
