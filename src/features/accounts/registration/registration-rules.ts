/**
 * The rules of registration that the register form needs as well as the
 * server: limits, the username's shape, and the field errors the form can
 * show. Zod-free (decision 0028); the server's schemas in
 * registration.schema.ts are built on these, so each rule lives once.
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

/**
 * The username rules, for the server's schema (usernameSchema) and the
 * register form's check as the member types. Surrounding spaces are ignored
 * (the schema trims them); an empty name is too short.
 */
export function usernameShapeProblem(username: string): UsernameShapeProblem | null {
  const trimmed = username.trim();
  if (trimmed.length < USERNAME_MIN_LENGTH) return "too_short";
  if (trimmed.length > USERNAME_MAX_LENGTH) return "too_long";
  if (!USERNAME_PATTERN.test(trimmed)) return "invalid_characters";
  return null;
}
export type UsernameProblem = UsernameShapeProblem | "taken";

/** Lookups and uniqueness ignore case. */
export function usernameKeyOf(username: string): string {
  return username.toLowerCase();
}
