import { describe, expect, it } from "vitest";
import { parseTimeControlKey, type TimeControl } from "../../chess/time-control.ts";
import { isRatingType, ratedVariants, ratingTypeCatalogue, ratingTypeOf, ratingTypes } from "./rating-types.ts";

const control = (key: string): TimeControl => {
  const parsed = parseTimeControlKey(key);
  if (!parsed.ok) throw new Error(key);
  return parsed.value;
};

describe("the rating types", () => {
  it("gives each standard game its speed's type, and Chess960 its live and daily types, as the first release stored them", () => {
    expect(ratingTypeOf("standard", control("1+0"))).toBe("bullet");
    expect(ratingTypeOf("standard", control("3+2"))).toBe("blitz");
    expect(ratingTypeOf("standard", control("15+10"))).toBe("rapid");
    expect(ratingTypeOf("standard", control("daily/3"))).toBe("daily");
    expect(ratingTypeOf("chess960", control("1+0"))).toBe("live960");
    expect(ratingTypeOf("chess960", control("daily/14"))).toBe("daily960");
  });

  it("has one live and one daily type for every variant, whatever the speed, and a puzzle type no game counts for", () => {
    for (const variant of ratedVariants.filter((name) => name !== "standard")) {
      const live = ratingTypeOf(variant, control("1+0"));
      expect(ratingTypeOf(variant, control("30+0"))).toBe(live);
      expect(ratingTypeCatalogue[live]).toMatchObject({ mode: "live", variant });
      expect(ratingTypeCatalogue[ratingTypeOf(variant, control("daily/1"))]).toMatchObject({ mode: "daily", variant });
    }
    expect(ratingTypeCatalogue.livebug.team).toBe(true);
    expect(ratingTypeCatalogue.puzzle).toMatchObject({ mode: "puzzle", variant: null });
    const gameTypes = new Set(ratedVariants.flatMap((variant) => ["1+0", "5+0", "15+0", "daily/3"].map((key) => ratingTypeOf(variant, control(key)))));
    expect([...gameTypes].sort()).toEqual(ratingTypes.filter((type) => type !== "puzzle").sort());
  });

  it("keeps every key within the 12 characters of the rating_type columns, and knows its keys", () => {
    expect(ratingTypes).toHaveLength(15);
    for (const type of ratingTypes) expect(type.length).toBeLessThanOrEqual(12);
    expect(isRatingType("blitz")).toBe(true);
    expect(isRatingType("classical")).toBe(false);
    expect(isRatingType("toString")).toBe(false);
  });
});
