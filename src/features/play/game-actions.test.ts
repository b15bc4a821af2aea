import { describe, expect, it } from "vitest";
import { abort, acceptDraw, claim, CLAIM_AFTER_MS, declineDraw, declineRematch, offerDraw, offerRematch, resign, type GameSituation } from "./game-actions.ts";

const white = 1;
const black = 2;
const stranger = 3;
const playing: GameSituation = { status: "playing", whiteId: white, blackId: black, ply: 10, drawOfferBy: null, rematchOfferBy: null, rematchGameId: null };
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

  it("a claim needs the opponent away long enough, and aborts a game that had not really started", () => {
    expect(claim(playing, white, "win", null)).toEqual({ ok: false, error: "opponent_present" });
    expect(claim(playing, white, "win", CLAIM_AFTER_MS - 1)).toEqual({ ok: false, error: "opponent_present" });
    expect(claim(playing, white, "win", CLAIM_AFTER_MS)).toEqual({ ok: true, value: { kind: "end", outcome: { result: "1-0", winner: "white", reason: "abandonment" } } });
    expect(claim(playing, black, "draw", CLAIM_AFTER_MS)).toEqual({ ok: true, value: { kind: "end", outcome: { result: "1/2-1/2", winner: undefined, reason: "abandonment" } } });
    expect(claim({ ...playing, ply: 1 }, white, "win", CLAIM_AFTER_MS)).toEqual({ ok: true, value: { kind: "end", outcome: { result: "*", winner: undefined, reason: "aborted" } } });
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
