import { z, type ZodError } from "zod";

/**
 * Validation failures as message keys, answered in the member's language
 * (decision 0030). Zod's own texts are English sentences; on the server every
 * issue a schema does not word itself gets a `validation.*` message key
 * instead (zod's global error map, below), and the JSON error handler turns
 * each issue into `{ path, code: <message key>, message: <text in the request's
 * locale> }`. A schema's own error (`{ error: "play.error.time_control" }`)
 * wins over the map; when it is a catalog key, that key is the issue's code.
 */

export const validationMessageKeys = [
  "validation.required",
  "validation.invalid_type",
  "validation.too_short",
  "validation.too_long",
  "validation.too_small",
  "validation.too_big",
  "validation.too_few",
  "validation.too_many",
  "validation.invalid_format",
  "validation.invalid_email",
  "validation.invalid_choice",
  "validation.not_multiple_of",
  "validation.unrecognized_keys",
  "validation.invalid",
] as const;

export type ValidationMessageKey = (typeof validationMessageKeys)[number];

/** The fields of a zod issue the key's message may need, by name. */
interface IssueFacts {
  readonly code: string;
  readonly input?: unknown;
  readonly origin?: unknown;
  readonly format?: unknown;
}

/** The message key of an issue zod raised without a message of the schema's own. */
export function validationKeyOf(issue: IssueFacts): ValidationMessageKey {
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined || issue.input === null ? "validation.required" : "validation.invalid_type";
    case "too_small":
      if (issue.origin === "string") return issue.input === "" ? "validation.required" : "validation.too_short";
      return issue.origin === "array" || issue.origin === "set" ? "validation.too_few" : "validation.too_small";
    case "too_big":
      if (issue.origin === "string") return "validation.too_long";
      return issue.origin === "array" || issue.origin === "set" ? "validation.too_many" : "validation.too_big";
    case "invalid_format":
      return issue.format === "email" ? "validation.invalid_email" : "validation.invalid_format";
    case "invalid_value":
      return "validation.invalid_choice";
    case "not_multiple_of":
      return "validation.not_multiple_of";
    case "unrecognized_keys":
      return "validation.unrecognized_keys";
    default:
      return "validation.invalid";
  }
}

// Server-only: the browser carries no zod (decision 0028). Schemas' own errors take precedence over this map.
z.config({ customError: (issue) => validationKeyOf(issue) });

export interface ValidationIssue {
  /** The field, dotted ("settings.theme"); "_" for the body as a whole. */
  readonly path: string;
  /** The message key of the problem ("validation.too_long", or a schema's own key). */
  readonly code: string;
  /** Its text in the request's language. */
  readonly message: string;
}

export type IssueTranslator = (messageKey: string, values: Readonly<Record<string, string | number>>) => string;

function valuesOf(issue: z.core.$ZodIssue): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  if ("minimum" in issue) values.minimum = Number(issue.minimum);
  if ("maximum" in issue) values.maximum = Number(issue.maximum);
  if ("divisor" in issue) values.divisor = Number(issue.divisor);
  if ("keys" in issue && Array.isArray(issue.keys)) values.keys = issue.keys.join(", ");
  return values;
}

/**
 * The issues of a failed parse, keyed and translated. `isMessageKey` tells a
 * catalog key from any other text (an issue from a schema whose error is a
 * short code of its own, such as "email.invalid", reads "validation.invalid").
 */
export function validationIssues(error: ZodError, isMessageKey: (text: string) => boolean, translate: IssueTranslator): ValidationIssue[] {
  return error.issues.map((issue) => {
    const code = isMessageKey(issue.message) ? issue.message : validationKeyOf(issue);
    return { path: issue.path.map(String).join(".") || "_", code, message: translate(code, valuesOf(issue)) };
  });
}
