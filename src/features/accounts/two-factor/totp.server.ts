import { createHash, randomInt } from "node:crypto";
import { Secret, TOTP } from "otpauth";

/**
 * TOTP (RFC 6238) as authenticator apps expect it: SHA-1, 6 digits, 30-second
 * steps, issuer "Kingside", the username as label. Pure apart from the clock,
 * which every function takes as a parameter.
 */
export const TOTP_SETTINGS = { issuer: "Kingside", algorithm: "SHA1", digits: 6, period: 30 } as const;
/** Codes one step early or late are accepted (clock drift, slow typing). */
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;

/** Letters and digits that cannot be mistaken for one another (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const RECOVERY_CODE_LENGTH = 10;

function totpFor(secretBase32: string, label = "Kingside"): TOTP {
  return new TOTP({ ...TOTP_SETTINGS, label, secret: Secret.fromBase32(secretBase32) });
}

/** A fresh random secret (160 bits, the RFC's recommendation for SHA-1), in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function totpUri(secretBase32: string, username: string): string {
  return totpFor(secretBase32, username).toString();
}

/** The code an app shows at `timestampMs` (tests and the end-to-end journey use it). */
export function totpCodeAt(secretBase32: string, timestampMs: number): string {
  return totpFor(secretBase32).generate({ timestamp: timestampMs });
}

/** The time step (counter) of a moment. */
export function totpStepAt(timestampMs: number): number {
  return TOTP.counter({ period: TOTP_SETTINGS.period, timestamp: timestampMs });
}

/** Digits only: "123 456" and "123-456" are typed forms of the same code. */
export function normaliseTotpCode(input: string): string {
  return input.replace(/[\s-]/g, "");
}

/**
 * The time step a code belongs to, when it is valid at `timestampMs` within
 * ±TOTP_WINDOW steps; null otherwise. The caller refuses a step that was
 * already used (a code works once).
 */
export function verifyTotp(secretBase32: string, input: string, timestampMs: number): number | null {
  const token = normaliseTotpCode(input);
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpFor(secretBase32).validate({ token, timestamp: timestampMs, window: TOTP_WINDOW });
  return delta === null ? null : totpStepAt(timestampMs) + delta;
}

/** Ten one-time recovery codes, shown as "abcde-fghjk". */
export function newRecoveryCodes(count: number = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const characters = Array.from({ length: RECOVERY_CODE_LENGTH }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)] ?? "a").join("");
    return `${characters.slice(0, 5)}-${characters.slice(5)}`;
  });
}

/** What is stored: the SHA-256 of the code without case, spaces or dashes. */
export function hashRecoveryCode(input: string): string {
  const normalised = input.toLowerCase().replace(/[^a-z0-9]/g, "");
  return createHash("sha256").update(normalised).digest("hex");
}

/** Whether an input looks like a recovery code at all (before any database work). */
export function looksLikeRecoveryCode(input: string): boolean {
  return input.toLowerCase().replace(/[^a-z0-9]/g, "").length === RECOVERY_CODE_LENGTH;
}
