import { describe, expect, it } from "vitest";
import { levels } from "../../accounts/levels.ts";
import { vacationAllowance } from "../../accounts/membership/vacation-allowance.ts";
import { accrue, DAY_MS, openingBalance, wholeDays } from "./vacation.ts";

const basic = vacationAllowance(levels.basic);
const start = Date.parse("2026-01-01T00:00:00Z");

describe("vacation allowances", () => {
  it("grow with the membership level, and guests and closed accounts get none", () => {
    expect(vacationAllowance(levels.guest).capDays).toBe(0);
    expect(vacationAllowance(levels.closed_abuse).capDays).toBe(0);
    expect(basic).toEqual({ accrueDays: 30, addDays: 2, capDays: 14 });
    expect(vacationAllowance(levels.gold).capDays).toBeGreaterThan(basic.capDays);
    expect(vacationAllowance(levels.diamond).capDays).toBeGreaterThan(vacationAllowance(levels.gold).capDays);
    expect(vacationAllowance(levels.staff)).toEqual(vacationAllowance(levels.diamond));
  });
});

describe("vacation balances", () => {
  it("open with one period's days", () => {
    expect(openingBalance(basic, start)).toEqual({ balanceMs: 2 * DAY_MS, accruedAt: start });
  });

  it("accrue whole periods only, and keep counting the partial one", () => {
    const opened = openingBalance(basic, start);
    expect(accrue(opened, basic, start + 29 * DAY_MS)).toBe(opened);
    const afterTwo = accrue(opened, basic, start + 65 * DAY_MS);
    expect(afterTwo).toEqual({ balanceMs: 6 * DAY_MS, accruedAt: start + 60 * DAY_MS });
    expect(accrue(afterTwo, basic, start + 89 * DAY_MS)).toBe(afterTwo);
    expect(accrue(afterTwo, basic, start + 90 * DAY_MS).balanceMs).toBe(8 * DAY_MS);
  });

  it("stop at the cap, and keep a balance above a lower level's cap without growing it", () => {
    const years = accrue(openingBalance(basic, start), basic, start + 3_000 * DAY_MS);
    expect(years.balanceMs).toBe(14 * DAY_MS);
    const fromDiamond = { balanceMs: 50 * DAY_MS, accruedAt: start };
    expect(accrue(fromDiamond, basic, start + 60 * DAY_MS).balanceMs).toBe(50 * DAY_MS);
  });

  it("are taken in whole days", () => {
    expect(wholeDays(1.75 * DAY_MS)).toBe(1);
    expect(wholeDays(0.5 * DAY_MS)).toBe(0);
  });
});
