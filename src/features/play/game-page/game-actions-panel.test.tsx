import { screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { renderWithIntl } from "../../../ui/test-utils.tsx";
import uiMessages from "../../../ui/messages/en.json";
import { CLAIM_AFTER_MS, opponentAwayLongEnough } from "../game-actions.ts";
import type { GameView } from "../play.schema.ts";
import { GameActionsPanel } from "./game-actions-panel.tsx";
import { sampleGameView } from "./game-view.fixture.ts";
import gameMessages from "./messages/en.json";

function renderPanel(state: Partial<GameView>, opponentGone = false) {
  const view: GameView = { ...sampleGameView, ply: 6, ...state };
  const acted: string[] = [];
  const Stub = createRoutesStub([{ path: "/", Component: () => <GameActionsPanel view={view} role="white" opponentGone={opponentGone} busy={false} onAct={(action) => acted.push(action)} /> }]);
  renderWithIntl(<Stub />, { messages: { ...uiMessages, ...gameMessages } });
  const actions = [...document.querySelectorAll("[data-action]")].map((button) => button.getAttribute("data-action"));
  return { acted, actions };
}

describe("the player's actions", () => {
  it("offers abort before both sides have moved, resign and a draw offer after", () => {
    expect(renderPanel({ ply: 0 }).actions).toEqual(["abort"]);
    document.body.innerHTML = "";
    expect(renderPanel({}).actions).toEqual(["draw.offer", "takeback.offer"]);
    expect(screen.getByRole("button", { name: "Resign" })).toBeTruthy();
  });

  it("answers the opponent's draw offer, and shows the player's own as pending", () => {
    expect(renderPanel({ drawOfferBy: "black" }).actions).toEqual(["draw.accept", "draw.decline", "takeback.offer"]);
    document.body.innerHTML = "";
    renderPanel({ drawOfferBy: "white" });
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Draw offered" }).disabled).toBe(true);
  });

  it("offers the claims once the opponent has been away long enough", () => {
    expect(renderPanel({}, true).actions).toEqual(["claim.win", "claim.draw", "draw.offer", "takeback.offer"]);
    expect(opponentAwayLongEnough(CLAIM_AFTER_MS - 1_000, 999)).toBe(false);
    expect(opponentAwayLongEnough(CLAIM_AFTER_MS - 1_000, 1_000)).toBe(true);
    expect(opponentAwayLongEnough(null, 60_000)).toBe(false);
  });

  it("after the end: a rematch, or the answer to the opponent's, and a new opponent on the same terms", () => {
    const { actions, acted } = renderPanel({ status: "ended" });
    expect(actions).toEqual(["rematch.offer", "new-opponent"]);
    screen.getByRole("button", { name: "Rematch" }).click();
    expect(acted).toEqual(["rematch.offer"]);
    document.body.innerHTML = "";
    expect(renderPanel({ status: "ended", rematchOfferBy: "black" }).actions).toEqual(["rematch.offer", "rematch.decline", "new-opponent"]);
    document.body.innerHTML = "";
    expect(renderPanel({ status: "ended", rematchGameId: 99 }).actions).toEqual(["new-opponent"]);
  });

  it("asks to take back, answers the opponent's request, and cancels the player's own", () => {
    // Black to move has not moved yet: nothing of black's to take back; white has.
    expect(renderPanel({ ply: 1 }).actions).toEqual(["abort", "takeback.offer"]);
    document.body.innerHTML = "";
    const { actions, acted } = renderPanel({ takebackOfferBy: "black" });
    expect(actions).toEqual(["takeback.accept", "takeback.decline", "draw.offer"]);
    screen.getByRole("button", { name: "Allow the takeback" }).click();
    expect(acted).toEqual(["takeback.accept"]);
    document.body.innerHTML = "";
    expect(renderPanel({ takebackOfferBy: "white" }).actions).toEqual(["draw.offer", "takeback.decline"]);
    expect(screen.getByRole("button", { name: "Cancel the takeback request" })).toBeTruthy();
  });
});
