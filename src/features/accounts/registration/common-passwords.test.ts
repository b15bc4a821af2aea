import { describe, expect, it } from "vitest";
import { commonPasswordCount, isCommonPassword } from "./common-passwords.ts";
import { passwordProblems } from "./registration.service.server.ts";

describe("the common-password list", () => {
  it("holds several hundred passwords", () => {
    expect(commonPasswordCount).toBeGreaterThan(500);
  });

  it.each(["123456", "password", "qwerty123", "iloveyou", "football", "12345678", "111111", "letmein", "p@ssw0rd", "dragon2024", "monkey123", "welcome1", "checkmate", "1q2w3e4r", "abc123"])(
    "refuses %s",
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
    },
  );

  it("ignores case", () => {
    expect(isCommonPassword("PASSWORD")).toBe(true);
    expect(isCommonPassword("QwErTy123")).toBe(true);
    expect(isCommonPassword("IloveYou")).toBe(true);
  });

  it("covers digit runs and repeated characters of every usual length", () => {
    for (const password of ["23456789", "9876543210", "0000000000", "88888888", "aaaaaaaa"]) expect(isCommonPassword(password), password).toBe(true);
  });

  it("lets an uncommon password through", () => {
    for (const password of ["correct-horse-battery", "Tr0ub4dor&3x", "kingside-demo-2", "zugzwang in the endgame"]) expect(isCommonPassword(password), password).toBe(false);
  });
});

describe("the password rules that need no database", () => {
  it("refuses a common password and one equal to the username or the email, without regard to case", () => {
    const owner = { username: "someone", email: "someone.else@example.com" };
    expect(passwordProblems("Football1", owner)).toEqual(["password.too_common"]);
    expect(passwordProblems("MagnusFan_99", { username: "magnusfan_99", email: null })).toEqual(["password.same_as_username"]);
    expect(passwordProblems("Someone.Else@Example.com", owner)).toEqual(["password.same_as_email"]);
    expect(passwordProblems("correct-horse-battery", owner)).toEqual([]);
  });
});
