import { describe, expect, it } from "vitest";
import { hashRecoveryCode, looksLikeRecoveryCode, newRecoveryCodes, newTotpSecret, totpCodeAt, totpStepAt, totpUri, verifyTotp } from "./totp.server.ts";

// RFC 6238 appendix B: the SHA-1 secret "12345678901234567890" (ASCII), here in base32.
const RFC_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

describe("TOTP", () => {
  it("computes the RFC 6238 test vectors (last six digits)", () => {
    expect(totpCodeAt(RFC_SECRET, 59_000)).toBe("287082");
    expect(totpCodeAt(RFC_SECRET, 1_111_111_109_000)).toBe("081804");
    expect(totpCodeAt(RFC_SECRET, 1_234_567_890_000)).toBe("005924");
  });

  it("accepts a code in its own step and returns that step", () => {
    expect(verifyTotp(RFC_SECRET, "287082", 59_000)).toBe(1);
    expect(verifyTotp(RFC_SECRET, "081804", 1_111_111_109_000)).toBe(totpStepAt(1_111_111_109_000));
  });

  it("accepts a code one step early or late, and refuses it two steps away", () => {
    const at = 1_111_111_109_000;
    const step = totpStepAt(at);
    expect(verifyTotp(RFC_SECRET, "081804", at + 30_000)).toBe(step);
    expect(verifyTotp(RFC_SECRET, "081804", at - 30_000)).toBe(step);
    expect(verifyTotp(RFC_SECRET, "081804", at + 60_000)).toBeNull();
    expect(verifyTotp(RFC_SECRET, "081804", at - 60_000)).toBeNull();
  });

  it("refuses wrong codes and anything that is not six digits", () => {
    expect(verifyTotp(RFC_SECRET, "287083", 59_000)).toBeNull();
    expect(verifyTotp(RFC_SECRET, "28708", 59_000)).toBeNull();
    expect(verifyTotp(RFC_SECRET, "2870822", 59_000)).toBeNull();
    expect(verifyTotp(RFC_SECRET, "abcdef", 59_000)).toBeNull();
    expect(verifyTotp(RFC_SECRET, "", 59_000)).toBeNull();
  });

  it("reads codes typed with a space or a dash", () => {
    expect(verifyTotp(RFC_SECRET, " 287 082 ", 59_000)).toBe(1);
    expect(verifyTotp(RFC_SECRET, "287-082", 59_000)).toBe(1);
  });

  it("makes fresh 160-bit secrets and a URI for authenticator apps", () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const uri = new URL(totpUri(secret, "bob"));
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.host).toBe("totp");
    expect(decodeURIComponent(uri.pathname)).toBe("/Kingside:bob");
    expect(Object.fromEntries(uri.searchParams)).toEqual({ issuer: "Kingside", secret, algorithm: "SHA1", digits: "6", period: "30" });
  });
});

describe("recovery codes", () => {
  it("are ten distinct, readable codes", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
      expect(looksLikeRecoveryCode(code)).toBe(true);
    }
  });

  it("hash the same without regard to case, spaces or dashes", () => {
    expect(hashRecoveryCode("abcde-fghjk")).toBe(hashRecoveryCode(" ABCDE FGHJK "));
    expect(hashRecoveryCode("abcde-fghjk")).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRecoveryCode("abcde-fghjk")).not.toBe(hashRecoveryCode("abcde-fghjm"));
  });
});
