import { describe, expect, it } from "vitest";
import { isoCountryCodes } from "./countries.ts";
import { usernameShapeProblem } from "./registration-rules.ts";
import { registrationBodySchema, registrationFieldErrorsOf, skillLevelBodySchema } from "./registration.schema.ts";

const valid = { username: "Magnus_C-1", email: "magnus@example.org", password: "zugzwang-2026", country: "no" };

describe("the registration body", () => {
  it("accepts a good registration, trimming the username and upper-casing the country", () => {
    const parsed = registrationBodySchema.parse({ ...valid, username: "  Magnus_C-1 " });
    expect(parsed).toMatchObject({ username: "Magnus_C-1", country: "NO" });
  });

  it.each([
    ["abc", null],
    ["a".repeat(25), null],
    ["ab", "too_short"],
    ["", "too_short"],
    ["a".repeat(26), "too_long"],
    ["with space", "invalid_characters"],
    ["dots.are.out", "invalid_characters"],
    ["ünïcode", "invalid_characters"],
  ] as const)("judges the username %j as %s", (username, problem) => {
    expect(usernameShapeProblem(username)).toBe(problem);
  });

  it("names each failing field once, as field.code", () => {
    const result = registrationBodySchema.safeParse({ username: "!", email: "x", password: "short", country: "QQ" });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(registrationFieldErrorsOf(result.error)).toEqual(["username.too_short", "email.invalid", "password.too_short", "country.invalid"]);
  });

  it("calls missing fields required", () => {
    const result = registrationBodySchema.safeParse({});
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(registrationFieldErrorsOf(result.error)).toEqual(["username.required", "email.required", "password.required", "country.required"]);
  });

  it("offers every ISO 3166-1 country once", () => {
    expect(isoCountryCodes).toHaveLength(249);
    expect(new Set(isoCountryCodes).size).toBe(249);
    for (const code of ["DE", "GB", "UA", "US", "PS", "AQ"]) expect(isoCountryCodes).toContain(code);
  });
});

describe("the skill level body", () => {
  it.each([0, 1200, 3000, "800"])("accepts %j", (value) => {
    expect(skillLevelBodySchema.safeParse({ skill_level: value }).success).toBe(true);
  });

  it.each([-1, 3001, 1.5, "abc", "", null, true, "1e3", undefined])("refuses %j", (value) => {
    expect(skillLevelBodySchema.safeParse({ skill_level: value }).success).toBe(false);
  });
});
