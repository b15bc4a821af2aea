import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { parse } from "@mliebelt/pgn-parser";
import { renderWithIntl, englishMessages } from "../../../ui/test-utils.tsx";
import type { GameView } from "../play.schema.ts";
import { ShareModal } from "./share-modal.tsx";
import en from "./messages/en.json";

const messages = { ...englishMessages, ...en };

const game: GameView = {
  id: 1001,
  rules: "standard",
  control: { kind: "live", baseSeconds: 300, incrementSeconds: 0 },
  rated: true,
  white: { username: "alice", flairCode: null, rating: 1500, ratingDiff: -8 },
  black: { username: "bob", flairCode: null, rating: 1500, ratingDiff: 8 },
  initialFen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
  fen: "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
  moves: [
    { uci: "f2f3", san: "f3", clockMs: 299_000 },
    { uci: "e7e5", san: "e5", clockMs: 298_000 },
    { uci: "g2g4", san: "g4", clockMs: 297_000 },
    { uci: "d8h4", san: "Qh4#", clockMs: 296_000 },
  ],
  ply: 4,
  version: 5,
  status: "ended",
  ending: { result: "0-1", reason: "checkmate", ratingDiffs: { white: -8, black: 8 } },
  clocks: null,
  drawOfferBy: null,
  rematchOfferBy: null,
  rematchGameId: null,
  takebackOfferBy: null,
  arranged: false,
  deadlineAt: null,
  createdAt: "2026-11-25T12:00:00.000Z",
  awayMs: { white: null, black: null },
};

const url = "https://kingside.example/game/live/1001";

describe("ShareModal", () => {
  it("copies the game URL, then the PGN with \"PGN copied to buffer.\", going select → send → sent", async () => {
    const writeText = vi.fn<(text: string) => Promise<void>>(() => Promise.resolve());
    renderWithIntl(<ShareModal type="game" url={url} game={game} onClose={() => {}} clipboard={{ writeText }} share={undefined} />, { messages });
    const dialog = await screen.findByRole("dialog", { name: "Share this game" });
    expect(screen.getByLabelText<HTMLInputElement>("Link").value).toBe(url);
    expect(dialog.querySelector("[data-state]")?.getAttribute("data-state")).toBe("select");

    fireEvent.click(screen.getByRole("button", { name: "Copy link" }));
    expect(await screen.findByText("Link copied to buffer.")).toBeTruthy();
    expect(writeText).toHaveBeenLastCalledWith(url);
    expect(dialog.querySelector("[data-state]")?.getAttribute("data-state")).toBe("sent");

    fireEvent.click(screen.getByRole("button", { name: "Share something else" }));
    fireEvent.click(screen.getByRole("button", { name: "Copy PGN" }));
    expect(await screen.findByText("PGN copied to buffer.")).toBeTruthy();
    const pgn = writeText.mock.calls.at(-1)?.[0] ?? "";
    const [parsed] = parse(pgn, { startRule: "games" }) as Array<{ tags: Record<string, unknown>; moves: Array<{ notation: { notation: string } }> }>;
    expect(parsed?.tags).toMatchObject({ White: "alice", Black: "bob", Result: "0-1", Site: url });
    expect(parsed?.moves.map((move) => move.notation.notation)).toEqual(["f3", "e5", "g4", "Qh4#"]);
  });

  it("offers no PGN for a social share, says when copying failed, and uses the device's share sheet when there is one", async () => {
    const share = vi.fn<(data: ShareData) => Promise<void>>(() => Promise.resolve());
    const onClose = vi.fn();
    renderWithIntl(<ShareModal type="social" url="https://kingside.example/member/alice" onClose={onClose} clipboard={{ writeText: () => Promise.reject(new Error("denied")) }} share={share} />, { messages });
    await screen.findByRole("dialog", { name: "Share" });
    expect(screen.queryByRole("button", { name: "Copy PGN" })).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Copy link" }));
    expect(await screen.findByText("Copying failed. Select the text and copy it yourself.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Share something else" }));
    fireEvent.click(screen.getByRole("button", { name: "Share with an app" }));
    await waitFor(() => expect(share).toHaveBeenCalledWith({ url: "https://kingside.example/member/alice" }));
    expect(await screen.findByText("Shared.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Done" }));
    expect(onClose).toHaveBeenCalled();
  });
});
