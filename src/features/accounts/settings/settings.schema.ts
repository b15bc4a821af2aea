import { z } from "zod";
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, registrationFieldErrors, type RegistrationFieldError } from "../registration/registration-rules.ts";
import type { TwoFactorStatus } from "../two-factor/two-factor.schema.ts";
import type { DeviceSummary } from "./user-agent-summary.ts";

/** Bodies and DTOs of the account settings page (/settings) and its endpoints. */
const locale = z.string().max(16).optional();

/** POST /settings/sessions/revoke: one of the member's own sessions, by its public id. */
export const revokeSessionBodySchema = z.object({
  session: z.string().regex(/^[0-9a-f]{32}$/),
  locale,
});

/** POST /settings/close-account: the password and an explicit confirmation. */
export const closeAccountBodySchema = z.object({
  password: z.string().max(200).optional(),
  confirm: z.union([z.literal("1"), z.literal(1), z.literal(true), z.literal("on")]).optional(),
  locale,
});

/** POST /settings/password: the current password and the new one. */
export const changePasswordBodySchema = z.object({
  current_password: z.string().max(PASSWORD_MAX_LENGTH * 2).optional(),
  password: z.string().max(PASSWORD_MAX_LENGTH * 2).optional(),
  locale,
});

/** POST /settings/email: the new address and the current password. */
export const changeEmailBodySchema = z.object({
  email: z.string().trim().min(1).max(EMAIL_MAX_LENGTH).pipe(z.email()),
  password: z.string().max(PASSWORD_MAX_LENGTH * 2).optional(),
  locale,
});

/** POST /settings/email/confirm: the token of the link mailed to the new address. */
export const confirmEmailBodySchema = z.object({
  token: z.string().max(100),
  locale,
});

/** Refusals of the settings endpoints; each has the message account_settings.error.<code>. */
export const settingsFailures = [
  "session_not_found",
  "current_session",
  "password_required",
  "confirmation_required",
  "wrong_password",
  "too_many_attempts",
  "account_already_closed",
  "email_invalid",
  "email_unchanged",
  "email_taken",
  "too_many_links",
  "invalid_link",
] as const;
export type SettingsFailure = (typeof settingsFailures)[number];

/** The new password's refusals: the registration form's rules and messages (registration.error.<code>). */
export type NewPasswordFailure = Extract<RegistrationFieldError, `password.${string}`>;
export const newPasswordFailures: readonly NewPasswordFailure[] = registrationFieldErrors.password.map((code): NewPasswordFailure => `password.${code}`);

/** Refusals of the password and email changes. */
export type CredentialsFailure = Extract<SettingsFailure, "password_required" | "wrong_password" | "too_many_attempts" | "email_unchanged" | "email_taken" | "too_many_links" | "invalid_link"> | RegistrationFieldError;

/** What a successful post reports back to the page (?done=<code>). */
export const settingsOutcomes = [
  "two_factor_started",
  "two_factor_enabled",
  "two_factor_disabled",
  "session_revoked",
  "other_sessions_revoked",
  "account_closed",
  "password_changed",
  "email_link_sent",
  "email_changed",
  "profile_saved",
  "avatar_saved",
  "avatar_removed",
  "board_saved",
  "flair_saved",
] as const;
export type SettingsOutcome = (typeof settingsOutcomes)[number];

export function isSettingsOutcome(value: string | null | undefined): value is SettingsOutcome {
  return settingsOutcomes.some((outcome) => outcome === value);
}

export interface SessionView {
  /** A public id derived from the session (never the cookie or its stored hash). */
  readonly id: string;
  readonly current: boolean;
  readonly device: DeviceSummary;
  readonly ip: string | null;
  readonly createdAt: string;
  readonly lastSeenAt: string;
}

export interface AccountSettingsPage {
  readonly twoFactor: TwoFactorStatus;
  /** The recovery codes just made, shown this once; null on every other visit. */
  readonly newRecoveryCodes: readonly string[] | null;
  readonly sessions: readonly SessionView[];
}
