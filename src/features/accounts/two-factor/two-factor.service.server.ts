import { verify } from "@node-rs/argon2";
import { and, count, eq, isNull } from "drizzle-orm";
import { toString as renderQrCode } from "qrcode";
import type { Database } from "../../../platform/db/client.server.ts";
import { fail, ok, type Result } from "../../../platform/http/errors.ts";
import { deleteCounter, raiseCounter } from "../../../platform/security/human-check/request-counters.server.ts";
import { recoveryCodes, users } from "../accounts.tables.server.ts";
import { createAttemptLimit, type AttemptKind } from "./attempt-limit.server.ts";
import { hashRecoveryCode, looksLikeRecoveryCode, newRecoveryCodes, newTotpSecret, totpUri, verifyTotp } from "./totp.server.ts";
import type { TwoFactorEnrolment, TwoFactorFailure, TwoFactorStatus } from "./two-factor.schema.ts";

/**
 * The last time step a member used, kept in request_counters (one row per
 * member, shared by every instance): a code is refused unless its step is
 * later than the last one used, so a code works once (docs/decisions/0006).
 */
const usedStepKey = (userId: number) => `totp-step:${userId}`;

export type SecondFactorMethod = "totp" | "recovery_code";

export async function qrCodeDataUrl(text: string): Promise<string> {
  const svg = await renderQrCode(text, { type: "svg", errorCorrectionLevel: "M", margin: 2, color: { dark: "#000000", light: "#ffffff" } });
  return `data:image/svg+xml;base64,${Buffer.from(svg, "utf8").toString("base64")}`;
}

/**
 * Two-factor sign-in: enrolment (a secret waiting for its first code),
 * confirmation (with ten one-time recovery codes), the /2fa step, and turning
 * it off. Owns users.totp_secret / totp_enabled_at and recovery_codes.
 */
export function createTwoFactorService(db: Database, now: () => Date = () => new Date()) {
  const attempts = createAttemptLimit(db, now);

  async function userById(userId: number) {
    const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
    return user ?? null;
  }

  /** Records a successful code's step; false when that step (or a later one) was already used. */
  function claimStep(userId: number, step: number): Promise<boolean> {
    return raiseCounter(db, usedStepKey(userId), step, now());
  }

  /** A code from the app: valid now (±1 step) and not used before. */
  async function checkTotp(userId: number, secret: string, code: string): Promise<Result<null, "invalid_code" | "code_already_used">> {
    const step = verifyTotp(secret, code, now().getTime());
    if (step === null) return fail("invalid_code");
    if (!(await claimStep(userId, step))) return fail("code_already_used");
    return ok(null);
  }

  /** Uses up one recovery code; false when it is unknown or already used. */
  async function spendRecoveryCode(userId: number, code: string): Promise<boolean> {
    if (!looksLikeRecoveryCode(code)) return false;
    const used = await db
      .update(recoveryCodes)
      .set({ usedAt: now() })
      .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashRecoveryCode(code)), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id });
    return used.length > 0;
  }

  async function recoveryCodesLeft(userId: number): Promise<number> {
    const [row] = await db.select({ left: count() }).from(recoveryCodes).where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
    return row?.left ?? 0;
  }

  /** A failed attempt counts towards the limit; the refusal is passed on, marked `escalated` when the waits begin with it (the route tells the member). */
  async function refused<E extends TwoFactorFailure>(kind: AttemptKind, userId: number, ip: string, error: E): Promise<Result<never, E>> {
    const escalated = await attempts.recordFailure(kind, userId, ip);
    return escalated ? fail(error, { escalated: 1 }) : fail(error);
  }

  return {
    async status(userId: number, username: string): Promise<TwoFactorStatus> {
      const user = await userById(userId);
      if (!user) return { enabled: false, enabledAt: null, recoveryCodesLeft: 0, enrolment: null };
      const enabled = user.totpEnabledAt !== null;
      let enrolment: TwoFactorEnrolment | null = null;
      if (!enabled && user.totpSecret) {
        const otpauthUri = totpUri(user.totpSecret, username);
        enrolment = { secret: user.totpSecret, otpauthUri, qrCodeDataUrl: await qrCodeDataUrl(otpauthUri) };
      }
      return {
        enabled,
        enabledAt: user.totpEnabledAt?.toISOString() ?? null,
        recoveryCodesLeft: enabled ? await recoveryCodesLeft(userId) : 0,
        enrolment,
      };
    },

    /** A new secret, stored but not in force until a first code confirms it. */
    async start(userId: number): Promise<Result<{ secret: string }, "two_factor_already_enabled">> {
      const secret = newTotpSecret();
      const updated = await db
        .update(users)
        .set({ totpSecret: secret })
        .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)))
        .returning({ id: users.id });
      if (updated.length === 0) return fail("two_factor_already_enabled");
      // A new secret starts a new sequence of codes.
      await deleteCounter(db, usedStepKey(userId));
      return ok({ secret });
    },

    /** The first code turns two-factor sign-in on and yields the recovery codes (shown once; stored hashed). */
    async confirm(userId: number, code: string, ip: string): Promise<Result<{ recoveryCodes: string[] }, TwoFactorFailure>> {
      const user = await userById(userId);
      if (!user) return fail("two_factor_not_started");
      if (user.totpEnabledAt) return fail("two_factor_already_enabled");
      const secret = user.totpSecret;
      if (!secret) return fail("two_factor_not_started");
      if (await attempts.isExhausted("reauthentication", userId)) return fail("too_many_attempts");
      const checked = await checkTotp(userId, secret, code);
      if (!checked.ok) return refused("reauthentication", userId, ip, checked.error);
      const codes = newRecoveryCodes();
      const enabled = await db.transaction(async (tx) => {
        const turnedOn = await tx
          .update(users)
          .set({ totpEnabledAt: now() })
          .where(and(eq(users.id, userId), eq(users.totpSecret, secret), isNull(users.totpEnabledAt)))
          .returning({ id: users.id });
        if (turnedOn.length === 0) return false;
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
        await tx.insert(recoveryCodes).values(codes.map((recoveryCode) => ({ userId, codeHash: hashRecoveryCode(recoveryCode) })));
        return true;
      });
      // Another request changed the secret or confirmed it first.
      if (!enabled) return fail("two_factor_not_started");
      await attempts.clear("reauthentication", userId);
      return ok({ recoveryCodes: codes });
    },

    /** Turns two-factor sign-in off after a current code or the password; the recovery codes go too. */
    async disable(userId: number, proof: { code?: string | undefined; password?: string | undefined }, ip: string): Promise<Result<null, TwoFactorFailure>> {
      const user = await userById(userId);
      if (!user || !user.totpEnabledAt || !user.totpSecret) return fail("two_factor_not_enabled");
      if (!proof.code && !proof.password) return fail("code_or_password_required");
      if (await attempts.isExhausted("reauthentication", userId)) return fail("too_many_attempts");
      if (proof.code) {
        const checked = await checkTotp(userId, user.totpSecret, proof.code);
        if (!checked.ok) return refused("reauthentication", userId, ip, checked.error);
      } else {
        const matches = user.passwordHash ? await verify(user.passwordHash, proof.password ?? "").catch(() => false) : false;
        if (!matches) return refused("reauthentication", userId, ip, "wrong_password");
      }
      await db.transaction(async (tx) => {
        await tx.update(users).set({ totpSecret: null, totpEnabledAt: null }).where(eq(users.id, userId));
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      });
      await attempts.clear("reauthentication", userId);
      return ok(null);
    },

    /**
     * The /2fa step: a current code from the app, or an unused recovery code.
     * Wrong codes count: past ATTEMPT_LIMITS.twoFactor nothing is checked.
     */
    async verifySecondFactor(
      userId: number,
      input: { code?: string | undefined; recoveryCode?: string | undefined },
      ip: string,
    ): Promise<Result<{ method: SecondFactorMethod }, TwoFactorFailure>> {
      // A recovery code typed into the code field is still a recovery code.
      const totpCode = input.code && !looksLikeRecoveryCode(input.code) ? input.code : undefined;
      const recoveryCode = input.recoveryCode ?? (totpCode ? undefined : input.code);
      if (!totpCode && !recoveryCode) return fail("code_required");
      const user = await userById(userId);
      if (!user || !user.totpEnabledAt || !user.totpSecret) return fail("two_factor_not_enabled");
      if (await attempts.isExhausted("twoFactor", userId)) return fail("too_many_attempts");
      if (totpCode) {
        const checked = await checkTotp(userId, user.totpSecret, totpCode);
        if (!checked.ok) return refused("twoFactor", userId, ip, checked.error);
        await attempts.clear("twoFactor", userId);
        return ok({ method: "totp" });
      }
      if (!(await spendRecoveryCode(userId, recoveryCode ?? ""))) return refused("twoFactor", userId, ip, "invalid_code");
      await attempts.clear("twoFactor", userId);
      return ok({ method: "recovery_code" });
    },

    recoveryCodesLeft,
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
