import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { z } from "zod";
import type { Database } from "../../../platform/db/client.server.ts";
import { sharedSecret } from "../../../platform/security/server-secrets.server.ts";

/**
 * Recovery codes are stored hashed, so the page can show them only right after
 * they are made. A form post (no JavaScript) ends in a 303 redirect, so the
 * codes travel to the next page in a short-lived, HttpOnly, SameSite=Strict
 * cookie, sealed with AES-256-GCM and bound to the session that made them.
 * The settings page reads it once; the next request for the page clears it
 * (docs/decisions/0006). JSON callers get the codes in the response instead.
 */
export const RECOVERY_CODES_COOKIE = "ks_recovery_codes";
export const RECOVERY_CODES_TTL_MS = 5 * 60 * 1000;

const payloadSchema = z.object({ codes: z.array(z.string().max(40)).max(20), expiresAt: z.number() });

export function sealRecoveryCodes(key: Buffer, binding: string, codes: readonly string[], nowMs: number): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(binding, "utf8"));
  const body = Buffer.concat([cipher.update(JSON.stringify({ codes, expiresAt: nowMs + RECOVERY_CODES_TTL_MS }), "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

/** The codes, when the cookie is ours, for this session, and fresh; null otherwise. */
export function openRecoveryCodes(key: Buffer, binding: string, sealed: string | null | undefined, nowMs: number): string[] | null {
  if (!sealed || sealed.length > 2000) return null;
  try {
    const raw = Buffer.from(sealed, "base64url");
    if (raw.length < 29) return null;
    const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(binding, "utf8"));
    decipher.setAuthTag(raw.subarray(12, 28));
    const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
    const payload = payloadSchema.safeParse(JSON.parse(text));
    if (!payload.success || payload.data.expiresAt < nowMs) return null;
    return payload.data.codes;
  } catch {
    return null;
  }
}

/** The sealing key (a shared secret every instance reads from the database), fetched once when first needed. */
export function recoveryCodesKey(db: Database): () => Promise<Buffer> {
  let key: Promise<Buffer> | null = null;
  return () => {
    key ??= sharedSecret(db, "recovery_codes_flash").catch((error: unknown) => {
      key = null;
      throw error;
    });
    return key;
  };
}
