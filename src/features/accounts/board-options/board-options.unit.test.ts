import { describe, expect, it } from "vitest";
import { boardOrientation } from "../../play/game-page/board-options.ts";
import { boardOptionsOf, defaultBoardOptions, readAnimationType, readCoordinates, readMoveMethod, saveAnimationType, storedSettingsOf } from "./board-options.ts";
import { parseBoardSettingsChange, parseIncludedKeys } from "./board-options.schema.ts";

describe("the settings service's saved and read values (spec 001 §5)", () => {
  it("saves a default or empty animation type as medium, and reads medium or battle as default", () => {
    expect(saveAnimationType("default")).toBe("medium");
    expect(saveAnimationType("")).toBe("medium");
    expect(saveAnimationType("fast")).toBe("fast");
    expect(readAnimationType("medium")).toBe("default");
    expect(readAnimationType("battle")).toBe("default");
    expect(readAnimationType("none")).toBe("none");
    expect(readAnimationType("slow")).toBe("slow");
  });

  it("reads drag, drag_only and click as drag, drag-only and click, anything else as drag", () => {
    expect(readMoveMethod("drag")).toBe("drag");
    expect(readMoveMethod("drag_only")).toBe("drag-only");
    expect(readMoveMethod("click")).toBe("click");
    expect(readMoveMethod("drag-only")).toBe("drag");
    expect(readMoveMethod("lasso")).toBe("drag");
  });

  it("accepts off, inside, outside and an index onto that order", () => {
    expect([0, 1, 2].map(readCoordinates)).toEqual(["off", "inside", "outside"]);
    expect(readCoordinates("outside")).toBe("outside");
    expect(readCoordinates(3)).toBeNull();
    expect(readCoordinates(-1)).toBeNull();
    expect(readCoordinates(0.5)).toBeNull();
    expect(readCoordinates("top")).toBeNull();
  });

  it("reads the saved map back to the options it was made from", () => {
    const chosen = { ...defaultBoardOptions, animationType: "none", coordinates: "off", moveMethod: "drag-only", darkMode: false, isWhiteOnBottom: true } as const;
    expect(boardOptionsOf(storedSettingsOf(chosen))).toEqual(chosen);
    expect(boardOptionsOf({ ...storedSettingsOf(defaultBoardOptions), "board.animation_type": "battle", "board.move_method": "lasso" })).toEqual(defaultBoardOptions);
  });

  it("puts the viewer's colour at the bottom unless white always is; spectators see white", () => {
    expect(boardOrientation(defaultBoardOptions, "black")).toBe("black");
    expect(boardOrientation({ isWhiteOnBottom: true }, "black")).toBe("white");
    expect(boardOrientation(defaultBoardOptions, "spectator")).toBe("white");
  });
});

describe("users/me bodies", () => {
  it("maps every accepted spelling onto the saved value", () => {
    expect(parseBoardSettingsChange({ "board.coordinates": "2", "board.play_sounds": "0", "site.dark_mode": "system", "board.move_method": "drag-only", _token: "t" }, true)).toEqual({
      ok: true,
      change: { "board.coordinates": "outside", "board.play_sounds": false, "site.dark_mode": null, "board.move_method": "drag_only" },
    });
  });

  it("takes the last of repeated form fields, and refuses them in JSON", () => {
    expect(parseBoardSettingsChange({ "board.play_sounds": ["0", "1"] }, true)).toEqual({ ok: true, change: { "board.play_sounds": true } });
    expect(parseBoardSettingsChange({ "board.play_sounds": ["0", "1"] })).toEqual({ ok: false, problem: { kind: "invalid_value", key: "board.play_sounds" } });
  });

  it("names the first unknown key, and refuses an empty change", () => {
    expect(parseBoardSettingsChange({ "board.coordinates": "off", "board.theme": 1 })).toEqual({ ok: false, problem: { kind: "unknown_key", key: "board.theme" } });
    expect(parseBoardSettingsChange({ _token: "t" })).toEqual({ ok: false, problem: { kind: "empty" } });
  });

  it("reads include as a comma list of known keys, all of them when absent", () => {
    expect(parseIncludedKeys("board.coordinates, board.move_method")).toEqual({ ok: true, keys: ["board.coordinates", "board.move_method"] });
    expect(parseIncludedKeys(undefined)).toMatchObject({ ok: true });
    expect(parseIncludedKeys("board.coordinates,board.size")).toEqual({ ok: false, key: "board.size" });
    expect(parseIncludedKeys(["a"])).toEqual({ ok: false, key: "include" });
  });
});
