import { fireEvent, render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { closeDetailsOnEscape } from "./details-menu.ts";

function Menu({ summaryHidden = false }: { summaryHidden?: boolean }) {
  return (
    <details open onKeyDown={closeDetailsOnEscape} data-testid="menu">
      <summary style={summaryHidden ? { display: "none" } : undefined}>Menu</summary>
      <a href="/clubs">Clubs</a>
      <input aria-label="Search" onKeyDown={(event) => event.key === "Escape" && event.preventDefault()} />
    </details>
  );
}

function menuOf(view: ReturnType<typeof render>): HTMLDetailsElement {
  const menu = view.getByTestId("menu");
  if (!(menu instanceof HTMLDetailsElement)) throw new Error("not a details element");
  return menu;
}

describe("closeDetailsOnEscape", () => {
  it("closes the open menu on Escape from inside it and puts focus on its summary", () => {
    const view = render(<Menu />);
    const link = view.getByRole("link", { name: "Clubs" });
    link.focus();
    fireEvent.keyDown(link, { key: "Escape" });
    expect(menuOf(view).open).toBe(false);
    expect(document.activeElement).toBe(view.getByText("Menu"));
  });

  it("leaves the menu open on other keys, and when an inner widget handled Escape", () => {
    const view = render(<Menu />);
    fireEvent.keyDown(view.getByRole("link", { name: "Clubs" }), { key: "Enter" });
    expect(menuOf(view).open).toBe(true);
    fireEvent.keyDown(view.getByRole("textbox", { name: "Search" }), { key: "Escape" });
    expect(menuOf(view).open).toBe(true);
  });

  it("does nothing to a menu whose summary is hidden (always shown on wide screens)", () => {
    const view = render(<Menu summaryHidden />);
    fireEvent.keyDown(view.getByRole("link", { name: "Clubs" }), { key: "Escape" });
    expect(menuOf(view).open).toBe(true);
  });
});
