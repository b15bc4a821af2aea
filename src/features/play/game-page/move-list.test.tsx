import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { IntlProvider } from "../../../platform/i18n/intl.tsx";
import { parseMessages } from "../../../platform/i18n/parse-messages.ts";
import gameMessages from "./messages/en.json";
import { MoveList } from "./move-list.tsx";
import { navigate, shownPly, type ViewedPly } from "./move-navigation.ts";

const sans = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4"];

/** The list as the game page holds it: following the game until a step is taken. */
function Harness({ moves = sans }: { readonly moves?: readonly string[] }) {
  const [viewed, setViewed] = useState<ViewedPly>(null);
  return <MoveList sans={moves} shownPly={shownPly(viewed, moves.length)} onNavigate={(action) => setViewed((current) => navigate(current, action, moves.length))} />;
}

function renderList(moves?: readonly string[]) {
  return render(
    <IntlProvider locale="en" defaultLocale="en" messages={parseMessages(gameMessages)}>
      <Harness {...(moves ? { moves } : {})} />
    </IntlProvider>,
  );
}

const moveButtons = () => screen.getAllByRole("button").filter((button) => button.hasAttribute("data-ply"));
const current = () => moveButtons().find((button) => button.getAttribute("aria-current") === "step");

describe("the move list from the keyboard", () => {
  it("is one tab stop: only the shown move is in the tab order", () => {
    renderList();
    const tabbable = moveButtons().filter((button) => button.tabIndex === 0);
    expect(tabbable).toHaveLength(1);
    expect(tabbable[0]?.textContent).toBe("Ba4");
    expect(moveButtons().filter((button) => button.tabIndex === -1)).toHaveLength(sans.length - 1);
  });

  it("steps with Left and Right, goes to the ends with Home and End, and focus follows the shown move", () => {
    renderList();
    const last = moveButtons().at(-1)!;
    act(() => last.focus());
    fireEvent.keyDown(document.activeElement!, { key: "ArrowLeft" });
    expect(current()?.textContent).toBe("a6");
    expect(document.activeElement).toBe(current());
    expect(current()!.tabIndex).toBe(0);
    fireEvent.keyDown(document.activeElement!, { key: "ArrowLeft" });
    expect(current()?.textContent).toBe("Bb5");
    fireEvent.keyDown(document.activeElement!, { key: "ArrowRight" });
    expect(current()?.textContent).toBe("a6");
    fireEvent.keyDown(document.activeElement!, { key: "Home" });
    // The start position: no move is current; the first move keeps the tab stop and the focus.
    expect(current()).toBeUndefined();
    expect(document.activeElement?.textContent).toBe("e4");
    expect(moveButtons().filter((button) => button.tabIndex === 0)).toEqual([document.activeElement]);
    fireEvent.keyDown(document.activeElement!, { key: "ArrowRight" });
    expect(current()?.textContent).toBe("e4");
    fireEvent.keyDown(document.activeElement!, { key: "End" });
    expect(current()?.textContent).toBe("Ba4");
    expect(document.activeElement).toBe(current());
  });

  it("leaves other keys and modified arrows to the page", () => {
    renderList();
    const last = moveButtons().at(-1)!;
    act(() => last.focus());
    const plain = fireEvent.keyDown(last, { key: "ArrowLeft", altKey: true });
    expect(plain).toBe(true);
    expect(current()?.textContent).toBe("Ba4");
    expect(fireEvent.keyDown(last, { key: "a" })).toBe(true);
    // A handled key is marked handled, so the page's own arrow keys do not step twice.
    expect(fireEvent.keyDown(last, { key: "ArrowLeft" })).toBe(false);
  });

  it("keeps the shown move in view inside the list as moves arrive", () => {
    const { rerender } = renderList(sans.slice(0, 2));
    const list = screen.getByRole("list", { name: "Moves" });
    // jsdom lays nothing out: give the list a window of 100 px and the moves rows 30 px apart.
    Object.defineProperty(list, "clientHeight", { value: 100 });
    list.getBoundingClientRect = () => ({ top: 0, bottom: 100, left: 0, right: 300, height: 100, width: 300, x: 0, y: 0, toJSON: () => ({}) });
    const rowTop = (button: Element) => (Number(button.getAttribute("data-ply")) - 1) * 15 - list.scrollTop;
    const layout = () => {
      for (const button of moveButtons()) {
        button.getBoundingClientRect = () => {
          const top = rowTop(button);
          return { top, bottom: top + 30, left: 0, right: 100, height: 30, width: 100, x: 0, y: top, toJSON: () => ({}) };
        };
      }
    };
    layout();
    expect(list.scrollTop).toBe(0);
    rerender(
      <IntlProvider locale="en" defaultLocale="en" messages={parseMessages(gameMessages)}>
        <Harness moves={[...sans, "b5", "Bb3", "d6", "c3", "O-O", "h3"]} />
      </IntlProvider>,
    );
    layout();
    // Re-run the effect with the rows laid out: the next move arrives.
    rerender(
      <IntlProvider locale="en" defaultLocale="en" messages={parseMessages(gameMessages)}>
        <Harness moves={[...sans, "b5", "Bb3", "d6", "c3", "O-O", "h3", "Na5"]} />
      </IntlProvider>,
    );
    const shown = current()!;
    expect(shown?.textContent).toBe("Na5");
    const top = shown.getBoundingClientRect().top;
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top + 30).toBeLessThanOrEqual(100);
  });
});

describe("the move list's display option", () => {
  it("shows figurines when the member chose them, and keeps the letters for screen readers", () => {
    render(
      <IntlProvider locale="en" defaultLocale="en" messages={parseMessages(gameMessages)}>
        <MoveList sans={["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "O-O", "Nf6", "exf8=Q+"]} shownPly={9} onNavigate={() => undefined} figurine />
      </IntlProvider>,
    );
    expect(moveButtons().map((button) => button.textContent)).toEqual(["e4", "e5", "♘f3", "♘c6", "♗b5", "a6", "O-O", "♘f6", "exf8=♕+"]);
    expect(moveButtons()[2]?.getAttribute("aria-label")).toContain("Nf3");
  });
});
