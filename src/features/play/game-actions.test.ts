import { describe, expect, it } from "vitest";
import { abort, acceptDraw, claim, CLAIM_AFTER_MS, declineDraw, declineRematch, offerDraw, offerRematch, resign, type GameSituation } from "./game-actions.ts";

const white = 1;
const black = 2;
const stranger = 3;
const playing: GameSituation = { status: "playing", speed: "live", whiteId: white, blackId: black, ply: 10, drawOfferBy: null, rematchOfferBy: null, rematchGameId: null };
const ended: GameSituation = { ...playing, status: "ended" };

describe("the players' actions", () => {
  it("resigning gives the opponent the win, and only a player of a game in progress may resign", () => {
    expect(resign(playing, white)).toEqual({ ok: true, value: { kind: "end", outcome: { result: "0-1", winner: "black", reason: "resignation" } } });
    expect(resign(playing, black)).toEqual({ ok: true, value: { kind: "end", outcome: { result: "1-0", winner: "white", reason: "resignation" } } });
    expect(resign(playing, stranger)).toEqual({ ok: false, error: "not_a_player" });
    expect(resign(ended, white)).toEqual({ ok: false, error: "game_over" });
  });

  it("aborting is possible until both players have moved, and leaves no result", () => {
    expect(abort({ ...playing, ply: 0 }, white)).toEqual({ ok: true, value: { kind: "end", outcome: { result: "*", winner: undefined, reason: "aborted" } } });
    expect(abort({ ...playing, ply: 1 }, black).ok).toBe(true);
    expect(abort({ ...playing, ply: 2 }, white)).toEqual({ ok: false, error: "cannot_abort" });
  });

  it("a draw offer waits for the opponent; the opponent's own offer or acceptance agrees the draw; decline clears it", () => {
    expect(offerDraw(playing, white)).toEqual({ ok: true, value: { kind: "draw_offer", by: "white" } });
    const offered: GameSituation = { ...playing, drawOfferBy: "white" };
    expect(offerDraw(offered, white)).toEqual({ ok: false, error: "draw_already_offered" });
    expect(acceptDraw(offered, white)).toEqual({ ok: false, error: "no_draw_offer" });
    expect(offerDraw(offered, black)).toEqual({ ok: true, value: { kind: "end", outcome: { result: "1/2-1/2", winner: undefined, reason: "agreement" } } });
    expect(acceptDraw(offered, black)).toEqual({ ok: true, value: { kind: "end", outcome: { result: "1/2-1/2", winner: undefined, reason: "agreement" } } });
    expect(declineDraw(offered, black)).toEqual({ ok: true, value: { kind: "draw_offer", by: null } });
    expect(declineDraw(playing, black)).toEqual({ ok: false, error: "no_draw_offer" });
    expect(acceptDraw(offered, stranger)).toEqual({ ok: false, error: "not_a_player" });
  });

  it("a claim needs the opponent away from a live game long enough on their own turn, and aborts a game that had not really started", () => {
    const gone = { awayMs: CLAIM_AFTER_MS, onVacation: false };
    // Ply 10: white to move, so black may claim from an absent white.
    expect(claim(playing, black, "win", { awayMs: null, onVacation: false })).toEqual({ ok: false, error: "opponent_present" });
    expect(claim(playing, black, "win", { awayMs: CLAIM_AFTER_MS - 1, onVacation: false })).toEqual({ ok: false, error: "opponent_present" });
    expect(claim(playing, black, "win", gone)).toEqual({ ok: true, value: { kind: "end", outcome: { result: "0-1", winner: "black", reason: "abandonment" } } });
    expect(claim({ ...playing, ply: 11 }, white, "draw", gone)).toEqual({ ok: true, value: { kind: "end", outcome: { result: "1/2-1/2", winner: undefined, reason: "abandonment" } } });
    expect(claim({ ...playing, ply: 1 }, white, "win", gone)).toEqual({ ok: true, value: { kind: "end", outcome: { result: "*", winner: undefined, reason: "aborted" } } });
  });

  it("never lets a player claim on their own turn, in a daily game, from an opponent on vacation, or after the end", () => {
    const longGone = { awayMs: 3 * 24 * 60 * 60 * 1000, onVacation: false };
    // White to move: white is thinking, not absent from black's point of view; white claiming is on white's own turn.
    expect(claim(playing, white, "win", longGone)).toEqual({ ok: false, error: "claim_on_opponents_turn" });
    expect(claim({ ...playing, ply: 11 }, black, "draw", longGone)).toEqual({ ok: false, error: "claim_on_opponents_turn" });
    // Daily games end by their deadlines, never by abandonment, whoever is to move.
    expect(claim({ ...playing, speed: "daily" }, black, "win", longGone)).toEqual({ ok: false, error: "claim_live_only" });
    expect(claim({ ...playing, speed: "daily", ply: 11 }, white, "win", longGone)).toEqual({ ok: false, error: "claim_live_only" });
    expect(claim(playing, black, "win", { ...longGone, onVacation: true })).toEqual({ ok: false, error: "opponent_on_vacation" });
    expect(claim(ended, black, "win", longGone)).toEqual({ ok: false, error: "game_over" });
    expect(claim(playing, stranger, "win", longGone)).toEqual({ ok: false, error: "not_a_player" });
  });

  it("a rematch is offered after the end and made when the other player offers too, with colours swapped", () => {
    expect(offerRematch(playing, white)).toEqual({ ok: false, error: "not_over" });
    expect(offerRematch(ended, white)).toEqual({ ok: true, value: { kind: "rematch_offer", by: "white" } });
    const offered: GameSituation = { ...ended, rematchOfferBy: "white" };
    expect(offerRematch(offered, white)).toEqual({ ok: false, error: "rematch_already_offered" });
    expect(offerRematch(offered, black)).toEqual({ ok: true, value: { kind: "rematch", newWhiteId: black, newBlackId: white } });
    expect(offerRematch({ ...offered, rematchGameId: 99 }, black)).toEqual({ ok: false, error: "rematch_already_offered" });
    expect(declineRematch(offered, black)).toEqual({ ok: true, value: { kind: "rematch_offer", by: null } });
    expect(declineRematch(offered, white)).toEqual({ ok: false, error: "no_rematch_offer" });
    expect(offerRematch(ended, stranger)).toEqual({ ok: false, error: "not_a_player" });
  });
});
