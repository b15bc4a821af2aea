import type { FastifyRequest } from "fastify";
import { AppError } from "../../platform/http/errors.ts";
import { isClosedLevel, levels, type LevelName } from "./levels.ts";
import type { ActiveSession } from "./sessions.service.server.ts";
import type { Viewer } from "./viewer.server.ts";

/**
 * Who may call an action, checked on the server before anything changes
 * (spec 000 §6, 001 §6.1). A rule is either cumulative ("at least gold") or
 * exact ("exactly basic"). Routes call requireLevel / requireExactLevel; the
 * pure levelAllows is what both use, and what the tests pin down.
 */
export type LevelRule = { readonly kind: "at_least" | "exactly"; readonly level: LevelName };

export const atLeast = (level: LevelName): LevelRule => ({ kind: "at_least", level });
export const exactly = (level: LevelName): LevelRule => ({ kind: "exactly", level });

/** Whether an account of `level` passes the rule. Closed accounts pass no rule but an exact one naming their own closed level. */
export function levelAllows(level: number, rule: LevelRule): boolean {
  const required = levels[rule.level];
  if (rule.kind === "exactly") return level === required;
  if (isClosedLevel(level)) return false;
  return level >= required;
}

/** The part of a request the policy reads (tests pass just this). */
export type PolicyRequest = Pick<FastifyRequest, "viewer">;

/**
 * The signed-in account, when it passes `rule`: 401 for anonymous visitors and
 * for the two-factor step, 403 for an account that is disabled, closed or
 * below the rule.
 */
export function requireRule(request: PolicyRequest, rule: LevelRule): ActiveSession {
  const viewer: Viewer = request.viewer;
  const session = viewer.session;
  if (!session || !viewer.user.isLoggedIn) throw new AppError("unauthenticated");
  if (!session.user.isEnabled) throw new AppError("forbidden");
  if (!levelAllows(session.user.membershipLevel, rule)) throw new AppError("forbidden");
  return session;
}

/** Cumulative check: at least `level` (staff passes every rule up to staff). */
export function requireLevel(request: PolicyRequest, level: LevelName): ActiveSession {
  return requireRule(request, atLeast(level));
}

/** Exact check: exactly `level`. */
export function requireExactLevel(request: PolicyRequest, level: LevelName): ActiveSession {
  return requireRule(request, exactly(level));
}

/** Any signed-in account, guests included (level 0), but not a disabled or closed one. */
export function requireSignedIn(request: PolicyRequest): ActiveSession {
  return requireRule(request, atLeast("guest"));
}
