import { levels } from "../levels.ts";

/**
 * Vacation days per membership level (spec 001 §3.4: membership's
 * vacation_accrue_days, vacation_add_days, vacation_cap_days): every
 * `accrueDays` days a member gains `addDays` days of vacation, up to
 * `capDays`. Vacation pauses the member's daily games (decision 0018).
 * Guests and closed accounts play no daily games and get none.
 */
export interface VacationAllowance {
  readonly accrueDays: number;
  readonly addDays: number;
  readonly capDays: number;
}

const none: VacationAllowance = { accrueDays: 30, addDays: 0, capDays: 0 };

/** From the highest level down: the first whose floor the member reaches. */
const allowances: readonly [floor: number, allowance: VacationAllowance][] = [
  [levels.diamond, { accrueDays: 30, addDays: 5, capDays: 60 }],
  [levels.platinum, { accrueDays: 30, addDays: 4, capDays: 45 }],
  [levels.gold, { accrueDays: 30, addDays: 3, capDays: 30 }],
  [levels.silver, { accrueDays: 30, addDays: 3, capDays: 21 }],
  [levels.basic, { accrueDays: 30, addDays: 2, capDays: 14 }],
];

export function vacationAllowance(level: number): VacationAllowance {
  if (level >= levels.moderator) return allowances[0]![1];
  for (const [floor, allowance] of allowances) if (level >= floor) return allowance;
  return none;
}
