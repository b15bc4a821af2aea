import { describe, expect, it } from "vitest";
import {
  dailyTimeControl,
  livePresets,
  liveTimeControl,
  parseTimeControlKey,
  pgnTimeControl,
  speedCategory,
  timeControlKey,
  type TimeControl,
} from "./time-control.ts";

const control = (key: string): TimeControl => {
  const parsed = parseTimeControlKey(key);
  if (!parsed.ok) throw new Error(`bad key ${key}`);
  return parsed.value;
};

describe("time controls", () => {
  it("offers the issue's live presets with their categories", () => {
    expect(livePresets.map((preset) => `${timeControlKey(preset)} ${speedCategory(preset)}`)).toEqual([
      "1+0 bullet", "2+1 bullet", "3+0 blitz", "3+2 blitz", "5+0 blitz", "5+5 rapid", "10+0 rapid", "15+10 rapid", "30+0 rapid",
    ]);
  });

  it("places the category boundaries where lichess does (base + 40 × increment)", () => {
    expect(speedCategory({ kind: "live", baseSeconds: 179, incrementSeconds: 0 })).toBe("bullet");
    expect(speedCategory({ kind: "live", baseSeconds: 60, incrementSeconds: 3 })).toBe("blitz");
    expect(speedCategory({ kind: "live", baseSeconds: 479, incrementSeconds: 0 })).toBe("blitz");
    expect(speedCategory({ kind: "live", baseSeconds: 480, incrementSeconds: 0 })).toBe("rapid");
    expect(speedCategory({ kind: "live", baseSeconds: 10_800, incrementSeconds: 60 })).toBe("rapid");
  });

  it("validates custom live controls and daily days", () => {
    expect(liveTimeControl(0.5, 0)).toEqual({ ok: true, value: { kind: "live", baseSeconds: 30, incrementSeconds: 0 } });
    expect(liveTimeControl(45, 45).ok).toBe(true);
    for (const [minutes, increment] of [[0, 0], [0.25, 0], [1.5, 0], [181, 0], [5, -1], [5, 61], [5, 1.5], [Number.NaN, 0]] as const) {
      expect(liveTimeControl(minutes, increment)).toEqual({ ok: false, error: "time-control.invalid" });
    }
    expect([1, 2, 3, 5, 7, 14].every((days) => dailyTimeControl(days).ok)).toBe(true);
    expect([0, 4, 6, 15, 2.5].some((days) => dailyTimeControl(days).ok)).toBe(false);
  });

  it("round-trips keys and writes the PGN tag", () => {
    for (const key of ["0.5+0", "3+2", "180+60", "daily/1", "daily/14"]) expect(timeControlKey(control(key))).toBe(key);
    expect(parseTimeControlKey("3+").ok).toBe(false);
    expect(parseTimeControlKey("daily/4").ok).toBe(false);
    expect(pgnTimeControl(control("3+2"))).toBe("180+2");
    expect(pgnTimeControl(control("daily/3"))).toBe("1/259200");
  });
});
