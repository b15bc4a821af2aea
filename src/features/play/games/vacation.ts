/**
 * Vacation balances as pure arithmetic (decision 0018): a balance in
 * milliseconds grows by whole accrual periods up to the level's cap.
 */
import type { VacationAllowance } from "../../accounts/membership/vacation-allowance.ts";

export const DAY_MS = 86_400_000;

export interface VacationBalance {
  readonly balanceMs: number;
  /** The moment the last whole period was counted from. */
  readonly accruedAt: number;
}

/** A new member's balance: one period's worth, counted from now. */
export function openingBalance(allowance: VacationAllowance, now: number): VacationBalance {
  return { balanceMs: Math.min(allowance.addDays, allowance.capDays) * DAY_MS, accruedAt: now };
}

/**
 * The balance after the whole accrual periods since `accruedAt`; a partial
 * period keeps counting. A balance above the cap (a lower level now) is kept
 * but does not grow.
 */
export function accrue(balance: VacationBalance, allowance: VacationAllowance, now: number): VacationBalance {
  const periodMs = allowance.accrueDays * DAY_MS;
  const periods = Math.floor((now - balance.accruedAt) / periodMs);
  if (periods <= 0) return balance;
  const capMs = allowance.capDays * DAY_MS;
  const grown = Math.max(balance.balanceMs, Math.min(capMs, balance.balanceMs + periods * allowance.addDays * DAY_MS));
  return { balanceMs: grown, accruedAt: balance.accruedAt + periods * periodMs };
}

/** Whole days a member may take now (vacation is taken in days). */
export const wholeDays = (balanceMs: number): number => Math.floor(balanceMs / DAY_MS);
