import { describe, expect, it } from "vitest";
import { abort, acceptDraw, acceptTakeback, boardOpponentOf, claim, CLAIM_AFTER_MS, declineDraw, declineRematch, declineTakeback, offerDraw, offerRematch, offerTakeback, resign, takebackPly, type GameSituation } from "./game-actions.ts";

const white = 1;
const black = 2;
const stranger = 3;
const twoSeats: GameSituation["seats"] = [
  { memberId: white, board: 0, color: "white", team: 0 },
  { memberId: black, board: 0, color: "black", team: 1 },
];
const playing: GameSituation = { status: "playing", speed: "live", seats: twoSeats, plies: [10], drawOfferBy: null, rematchOfferBy: null, rematchGameId: null, takebackOfferBy: null, arranged: false };
const ended: GameSituation = { ...playing, status: "ended" };

describe("the players' actions", () => {
  it("resigning gives the opponent the win, and only a player of a game in progress may resign", () => {
    expect(resign(playing, white)).toEqual({ ok: true, value: { kind: "end", outcome: { result: "0-1", winner: "black", reason: "resignation" } } });
    expect(resign(playing, black)).toEqual({ ok: true, value: { kind: "end", outcome: { result: "1-0", winner: "white", reason: "resignation" } } });
    expect(resign(playing, stranger)).toEqual({ ok: false, error: "not_a_player" });
    expect(resign(ended, white)).toEqual({ ok: false, error: "game_over" });
  });

  it("aborting is possible until both players have moved, and leaves no result", () => {
    expect(abort({ ...playing, plies: [0] }, white)).toEqual({ ok: true, value: { kind: "end", outcome: { result: "*", winner: undefined, reason: "aborted" } } });
    expect(abort({ ...playing, plies: [1] }, black).ok).toBe(true);
    expect(abort({ ...playing, plies: [2] }, white)).toEqual({ ok: false, error: "cannot_abort" });
  });

  it("never aborts a game a competition arranged: its players resign from the first move, and a claim before both first moves wins", () => {
    const arranged: GameSituation = { ...playing, plies: [0], arranged: true };
    expect(abort(arranged, white)).toEqual({ ok: false, error: "cannot_abort" });
    expect(abort({ ...arranged, plies: [1] }, black)).toEqual({ ok: false, error: "cannot_abort" });
    expect(resign(arranged, white)).toEqual({ ok: true, value: { kind: "end", outcome: { result: "0-1", winner: "black", reason: "resignation" } } });
    expect(claim({ ...arranged, plies: [1] }, white, "win", { awayMs: CLAIM_AFTER_MS, onVacation: false })).toEqual({ ok: true, value: { kind: "end", outcome: { result: "1-0", winner: "white", reason: "abandonment" } } });
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
    expect(claim({ ...playing, plies: [11] }, white, "draw", gone)).toEqual({ ok: true, value: { kind: "end", outcome: { result: "1/2-1/2", winner: undefined, reason: "abandonment" } } });
    expect(claim({ ...playing, plies: [1] }, white, "win", gone)).toEqual({ ok: true, value: { kind: "end", outcome: { result: "*", winner: undefined, reason: "aborted" } } });
  });

  it("never lets a player claim on their own turn, in a daily game, from an opponent on vacation, or after the end", () => {
    const longGone = { awayMs: 3 * 24 * 60 * 60 * 1000, onVacation: false };
    // White to move: white is thinking, not absent from black's point of view; white claiming is on white's own turn.
    expect(claim(playing, white, "win", longGone)).toEqual({ ok: false, error: "claim_on_opponents_turn" });
    expect(claim({ ...playing, plies: [11] }, black, "draw", longGone)).toEqual({ ok: false, error: "claim_on_opponents_turn" });
    // Daily games end by their deadlines, never by abandonment, whoever is to move.
    expect(claim({ ...playing, speed: "daily" }, black, "win", longGone)).toEqual({ ok: false, error: "claim_live_only" });
    expect(claim({ ...playing, speed: "daily", plies: [11] }, white, "win", longGone)).toEqual({ ok: false, error: "claim_live_only" });
    expect(claim(playing, black, "win", { ...longGone, onVacation: true })).toEqual({ ok: false, error: "opponent_on_vacation" });
    expect(claim(ended, black, "win", longGone)).toEqual({ ok: false, error: "game_over" });
    expect(claim(playing, stranger, "win", longGone)).toEqual({ ok: false, error: "not_a_player" });
  });

  it("a rematch is offered after the end and made when the other player offers too, with colours swapped", () => {
    expect(offerRematch(playing, white)).toEqual({ ok: false, error: "not_over" });
    expect(offerRematch(ended, white)).toEqual({ ok: true, value: { kind: "rematch_offer", by: "white" } });
    const offered: GameSituation = { ...ended, rematchOfferBy: "white" };
    expect(offerRematch(offered, white)).toEqual({ ok: false, error: "rematch_already_offered" });
    expect(offerRematch(offered, black)).toEqual({ ok: true, value: { kind: "rematch", memberIds: [black, white] } });
    expect(offerRematch({ ...offered, rematchGameId: 99 }, black)).toEqual({ ok: false, error: "rematch_already_offered" });
    expect(declineRematch(offered, black)).toEqual({ ok: true, value: { kind: "rematch_offer", by: null } });
    expect(declineRematch(offered, white)).toEqual({ ok: false, error: "no_rematch_offer" });
    expect(offerRematch(ended, stranger)).toEqual({ ok: false, error: "not_a_player" });
  });
});

describe("takeback requests", () => {
  const asked: GameSituation = { ...playing, takebackOfferBy: "white" };

  it("takes back only the asker's move on the opponent's turn, and the opponent's answer too on the asker's", () => {
    expect(takebackPly(3, "white")).toBe(2);
    expect(takebackPly(4, "white")).toBe(2);
    expect(takebackPly(4, "black")).toBe(3);
    expect(takebackPly(1, "white")).toBe(0);
    expect(takebackPly(1, "black")).toBeNull();
    expect(takebackPly(0, "white")).toBeNull();
  });

  it("records a request, refuses a second one, and treats asking back as accepting", () => {
    expect(offerTakeback(playing, white)).toEqual({ ok: true, value: { kind: "takeback_offer", by: "white" } });
    expect(offerTakeback(asked, white)).toEqual({ ok: false, error: "takeback_already_offered" });
    expect(offerTakeback(asked, black)).toEqual({ ok: true, value: { kind: "takeback", toPly: 8 } });
  });

  it("lets only the opponent accept, and either side clear it", () => {
    expect(acceptTakeback(asked, white)).toEqual({ ok: false, error: "no_takeback_offer" });
    expect(acceptTakeback(playing, black)).toEqual({ ok: false, error: "no_takeback_offer" });
    expect(declineTakeback(asked, black)).toEqual({ ok: true, value: { kind: "takeback_offer", by: null } });
    expect(declineTakeback(asked, white)).toEqual({ ok: true, value: { kind: "takeback_offer", by: null } });
    expect(declineTakeback(playing, black)).toEqual({ ok: false, error: "no_takeback_offer" });
  });

  it("refuses outsiders, finished games, a player without a move yet, and games of several boards", () => {
    expect(offerTakeback(playing, 99)).toEqual({ ok: false, error: "not_a_player" });
    expect(offerTakeback(ended, white)).toEqual({ ok: false, error: "game_over" });
    expect(acceptTakeback({ ...asked, status: "ended" }, black)).toEqual({ ok: false, error: "game_over" });
    expect(offerTakeback({ ...playing, plies: [1] }, black)).toEqual({ ok: false, error: "nothing_to_take_back" });
    expect(offerTakeback({ ...playing, plies: [10, 10] }, white)).toEqual({ ok: false, error: "takeback_one_board_only" });
  });
});

describe("a game of four seats (bughouse: board 0's white and board 1's black are team 0)", () => {
  const [a, b, c, d] = [11, 12, 13, 14];
  const seats: GameSituation["seats"] = [
    { memberId: a, board: 0, color: "white", team: 0 },
    { memberId: b, board: 0, color: "black", team: 1 },
    { memberId: c, board: 1, color: "white", team: 1 },
    { memberId: d, board: 1, color: "black", team: 0 },
  ];
  const bughouse: GameSituation = { ...playing, seats, plies: [10, 7] };

  it("lets a board-1 player resign, offer and accept draws for their team, not only board 0's players", () => {
    expect(resign(bughouse, d)).toEqual({ ok: true, value: { kind: "end", outcome: { result: "0-1", winner: "black", reason: "resignation" } } });
    expect(resign(bughouse, c)).toEqual({ ok: true, value: { kind: "end", outcome: { result: "1-0", winner: "white", reason: "resignation" } } });
    expect(offerDraw(bughouse, c)).toEqual({ ok: true, value: { kind: "draw_offer", by: "black" } });
    // A's partner offered: A cannot accept the own team's offer; the other team can, from either board.
    const offered: GameSituation = { ...bughouse, drawOfferBy: "white" };
    expect(acceptDraw(offered, a)).toEqual({ ok: false, error: "no_draw_offer" });
    expect(acceptDraw(offered, c).ok).toBe(true);
    expect(resign(bughouse, stranger)).toEqual({ ok: false, error: "not_a_player" });
  });

  it("aborts while a board has not had both first moves, and not after", () => {
    expect(abort({ ...bughouse, plies: [4, 1] }, d).ok).toBe(true);
    expect(abort({ ...bughouse, plies: [4, 2] }, d)).toEqual({ ok: false, error: "cannot_abort" });
  });

  it("decides a claim on the claimer's own board: its turn and its opponent", () => {
    const gone = { awayMs: CLAIM_AFTER_MS, onVacation: false };
    // Board 1 is at ply 7: black (d) to move. c (white on board 1) may claim; d may not; a on board 0 (white to move at ply 10) may not.
    expect(claim(bughouse, c, "win", gone)).toEqual({ ok: true, value: { kind: "end", outcome: { result: "0-1", winner: "black", reason: "abandonment" } } });
    expect(claim(bughouse, d, "win", gone)).toEqual({ ok: false, error: "claim_on_opponents_turn" });
    expect(claim(bughouse, a, "win", gone)).toEqual({ ok: false, error: "claim_on_opponents_turn" });
    expect(boardOpponentOf(seats, c)?.memberId).toBe(d);
    expect(boardOpponentOf(seats, a)?.memberId).toBe(b);
  });

  it("rematches with every board's colours swapped, partners kept together, and refuses a takeback", () => {
    const offered: GameSituation = { ...bughouse, status: "ended", rematchOfferBy: "white" };
    expect(offerRematch(offered, c)).toEqual({ ok: true, value: { kind: "rematch", memberIds: [b, a, d, c] } });
    expect(offerTakeback(bughouse, d)).toEqual({ ok: false, error: "takeback_one_board_only" });
    expect(acceptTakeback({ ...bughouse, takebackOfferBy: "white" }, c)).toEqual({ ok: false, error: "takeback_one_board_only" });
  });
});
