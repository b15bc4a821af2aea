import { z } from "zod";
import { countryCodes } from "./countries.ts";

/**
 * Registration, the username check and guests: bodies, queries and answers,
 * shared by the server and the register form. A refusal is a stable
 * "<field>.<code>" pair; its text is the message `registration.error.<field>.<code>`.
 */
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 25;
export const USERNAME_PATTERN = /^[A-Za-z0-9_-]+$/;
export const PASSWORD_MIN_LENGTH = 8;
/** argon2 hashes any length, but a cap keeps a huge body from costing CPU. */
export const PASSWORD_MAX_LENGTH = 200;
export const EMAIL_MAX_LENGTH = 254;
/** A guest's self-declared skill, on the rating scale: 0 (new to chess) to 3000. */
export const SKILL_LEVEL_MIN = 0;
export const SKILL_LEVEL_MAX = 3000;

/** Every refusal the register form can show, by field. */
export const registrationFieldErrors = {
  username: ["required", "too_short", "too_long", "invalid_characters", "taken"],
  email: ["required", "invalid", "taken"],
  password: ["required", "too_short", "too_long", "too_common", "same_as_username", "same_as_email"],
  country: ["required", "invalid"],
} as const;

export type RegistrationField = keyof typeof registrationFieldErrors;
export type RegistrationFieldError = { [F in RegistrationField]: `${F}.${(typeof registrationFieldErrors)[F][number]}` }[RegistrationField];
export const registrationFields = ["username", "email", "password", "country"] as const satisfies readonly RegistrationField[];

const knownFieldErrors: ReadonlySet<string> = new Set(
  registrationFields.flatMap((field) => registrationFieldErrors[field].map((code) => `${field}.${code}`)),
);

export function isRegistrationFieldError(value: string): value is RegistrationFieldError {
  return knownFieldErrors.has(value);
}

export function fieldOf(error: RegistrationFieldError): RegistrationField {
  const field = registrationFields.find((name) => error.startsWith(`${name}.`));
  if (!field) throw new Error(`unknown registration error ${error}`);
  return field;
}

export function fieldErrorMessageId(error: RegistrationFieldError): string {
  return `registration.error.${error}`;
}

/** Why a username cannot be used, before asking whether it is taken. */
export type UsernameShapeProblem = "too_short" | "too_long" | "invalid_characters";
export type UsernameProblem = UsernameShapeProblem | "taken";

/** Lookups and uniqueness ignore case. */
export function usernameKeyOf(username: string): string {
  return username.toLowerCase();
}

const required = <F extends RegistrationField>(field: F) => ({ error: `${field}.required` });

export const usernameSchema = z
  .string(required("username"))
  .trim()
  .min(1, { error: "username.required" })
  .min(USERNAME_MIN_LENGTH, { error: "username.too_short" })
  .max(USERNAME_MAX_LENGTH, { error: "username.too_long" })
  .regex(USERNAME_PATTERN, { error: "username.invalid_characters" });

export const registrationBodySchema = z.object({
  username: usernameSchema,
  email: z
    .string(required("email"))
    .trim()
    .min(1, { error: "email.required" })
    .max(EMAIL_MAX_LENGTH, { error: "email.invalid" })
    .pipe(z.email({ error: "email.invalid" })),
  password: z
    .string(required("password"))
    .min(1, { error: "password.required" })
    .min(PASSWORD_MIN_LENGTH, { error: "password.too_short" })
    .max(PASSWORD_MAX_LENGTH, { error: "password.too_long" }),
  country: z
    .string(required("country"))
    .trim()
    .min(1, { error: "country.required" })
    .toUpperCase()
    .pipe(z.enum(countryCodes, { error: "country.invalid" })),
  redirectUrl: z.string().max(2048).optional(),
  /** A friend's registration invite link token (GET /callback/friend/registration-invite-link). */
  invite: z.string().max(64).optional(),
  locale: z.string().max(8).optional(),
});
export type RegistrationBody = z.infer<typeof registrationBodySchema>;

/** The username rules of the schema, as the username check answers them (an empty name is too short). */
export function usernameShapeProblem(username: string): UsernameShapeProblem | null {
  const result = usernameSchema.safeParse(username);
  if (result.success) return null;
  const first = result.error.issues[0]?.message;
  if (first === "username.too_long") return "too_long";
  if (first === "username.invalid_characters") return "invalid_characters";
  return "too_short";
}

/** The zod issues of a refused body, as field errors (the first per field). */
export function registrationFieldErrorsOf(error: z.ZodError): RegistrationFieldError[] {
  const found = new Map<RegistrationField, RegistrationFieldError>();
  for (const issue of error.issues) {
    const message = issue.message;
    if (!isRegistrationFieldError(message)) continue;
    const field = fieldOf(message);
    if (!found.has(field)) found.set(field, message);
  }
  return [...found.values()];
}

/** GET /callback/user/valid?username=... */
export const usernameValidityQuerySchema = z.object({
  username: z.string().max(100),
});

export const usernameValiditySchema = z.object({
  valid: z.boolean(),
  reason: z.enum(["too_short", "too_long", "invalid_characters", "taken"]).optional(),
  message: z.string().optional(),
});
export type UsernameValidity = z.infer<typeof usernameValiditySchema>;

/** POST /guest */
export const guestBodySchema = z.object({
  redirectUrl: z.string().max(2048).optional(),
  locale: z.string().max(8).optional(),
});

/**
 * POST /guest/update-skill-level: skill_level is a number (JSON) or the
 * digits of one (a form field); anything else is refused.
 */
export const skillLevelBodySchema = z.object({
  skill_level: z
    .union([z.number(), z.string().trim().regex(/^-?\d{1,6}$/).transform(Number)], { error: "registration.error.skill_level.invalid" })
    .pipe(
      z
        .number()
        .int({ error: "registration.error.skill_level.invalid" })
        .min(SKILL_LEVEL_MIN, { error: "registration.error.skill_level.out_of_range" })
        .max(SKILL_LEVEL_MAX, { error: "registration.error.skill_level.out_of_range" }),
    ),
  locale: z.string().max(8).optional(),
});

/** What a successful guest call answers (besides the redirect). */
export const guestSchema = z.object({
  username: z.string(),
  skillLevel: z.number().int().nullable(),
});
export type GuestSummary = z.infer<typeof guestSchema>;
