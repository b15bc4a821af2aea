import { z } from "zod";
import { countryCodes } from "./countries.ts";
import {
  EMAIL_MAX_LENGTH,
  fieldOf,
  isRegistrationFieldError,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SKILL_LEVEL_MAX,
  SKILL_LEVEL_MIN,
  usernameShapeProblem,
  type RegistrationField,
  type RegistrationFieldError,
} from "./registration-rules.ts";

/**
 * Registration, the username check and guests: bodies, queries and answers.
 * The server validates with these schemas; the register form imports only
 * their types and the rules they are built on (registration-rules.ts), so zod
 * stays out of the browser bundle (decision 0028). A refusal is a stable
 * "<field>.<code>" pair; its text is the message `registration.error.<field>.<code>`.
 */
const required = <F extends RegistrationField>(field: F) => ({ error: `${field}.required` });

/** The username rules of registration-rules.ts, as field errors. */
export const usernameSchema = z
  .string(required("username"))
  .trim()
  .superRefine((username, context) => {
    const problem = username === "" ? "required" : usernameShapeProblem(username);
    if (problem) context.addIssue({ code: "custom", message: `username.${problem}` });
  });

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
