import { describe, expect, it } from "vitest";
import { parseMessages } from "../../../platform/i18n/parse-messages.ts";
import { createIntl } from "../../../platform/i18n/intl.tsx";
import gameMessages from "./messages/en.json";
import { describeBoard } from "./board-description.ts";

const intl = createIntl({ locale: "en", messages: parseMessages(gameMessages) });
const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);

describe("the board's description for screen readers", () => {
  it("says who is to move, the last move, and each side's pieces grouped by kind", () => {
    const text = describeBoard("4k3/8/8/8/4P3/8/P6P/R3K2R b KQ - 0 1", { ply: 23, san: "e4" }, t);
    expect(text).toBe("Black to move. Last move 12. e4. White: king e1; rook a1 h1; pawn a2 e4 h2. Black: king e8.");
  });

  it("leaves the last move out at the start and marks Black's moves with an ellipsis", () => {
    expect(describeBoard("4k3/8/8/8/8/8/8/4K3 w - - 0 1", null, t)).toBe("White to move. White: king e1. Black: king e8.");
    expect(describeBoard("4k3/8/8/8/8/8/8/4K3 w - - 0 1", { ply: 4, san: "Qh4#" }, t)).toContain("Last move 2… Qh4#.");
  });
});
