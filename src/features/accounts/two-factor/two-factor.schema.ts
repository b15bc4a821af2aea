import { z } from "zod";

/** Form and JSON bodies of the two-factor endpoints (shared by server and client). */
const locale = z.string().max(16).optional();
const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .optional()
    .transform((value) => (value?.trim() ? value.trim() : undefined));

/** POST /2fa: a code from the app, or one of the recovery codes. */
export const secondFactorBodySchema = z.object({
  code: optionalText(20),
  recoveryCode: optionalText(40),
  redirectUrl: z.string().max(2048).optional(),
  locale,
});
export type SecondFactorBody = z.infer<typeof secondFactorBodySchema>;

/** POST /settings/two-factor/confirm: the first code the app shows. */
export const confirmTwoFactorBodySchema = z.object({
  code: z.string().trim().min(1).max(20),
  locale,
});

/** POST /settings/two-factor/disable: a current code or the password. */
export const disableTwoFactorBodySchema = z.object({
  code: optionalText(20),
  password: z
    .string()
    .max(200)
    .optional()
    .transform((value) => (value ? value : undefined)),
  locale,
});
export type DisableTwoFactorBody = z.infer<typeof disableTwoFactorBodySchema>;

/** Refusals of the two-factor endpoints; each has the message two_factor.error.<code>. */
export const twoFactorFailures = [
  "invalid_code",
  "code_already_used",
  "code_required",
  "too_many_attempts",
  "two_factor_not_started",
  "two_factor_already_enabled",
  "two_factor_not_enabled",
  "wrong_password",
  "code_or_password_required",
] as const;
export type TwoFactorFailure = (typeof twoFactorFailures)[number];

export function isTwoFactorFailure(value: string | null | undefined): value is TwoFactorFailure {
  return twoFactorFailures.some((failure) => failure === value);
}

/** What the settings page shows about two-factor sign-in. */
export interface TwoFactorStatus {
  readonly enabled: boolean;
  readonly enabledAt: string | null;
  readonly recoveryCodesLeft: number;
  /** Set while a secret is waiting to be confirmed with a first code. */
  readonly enrolment: TwoFactorEnrolment | null;
}

export interface TwoFactorEnrolment {
  /** The base32 secret, for typing into an app by hand. */
  readonly secret: string;
  readonly otpauthUri: string;
  /** The QR code of the URI: an SVG rendered on the server, as a data: URL for an <img>. */
  readonly qrCodeDataUrl: string;
}
