import { declareFailures, type FailureKind } from "../../../platform/http/failure-statuses.ts";
import { registrationFieldErrors, registrationFields, type RegistrationFieldError } from "./registration-rules.ts";

/**
 * The register form's refusals, also answered by the password change and the
 * password reset (their new password follows the same rules): every field
 * error is input that breaks a rule; registering twice is refused.
 */
export const registrationFailures = declareFailures<RegistrationFieldError | "already_registered">({
  ...(Object.fromEntries(
    registrationFields.flatMap((field) => registrationFieldErrors[field].map((code): [string, FailureKind] => [`${field}.${code}`, "invalid"])),
  ) as Record<RegistrationFieldError, FailureKind>),
  already_registered: "refused",
});
