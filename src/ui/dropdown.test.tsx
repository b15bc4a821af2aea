import { fireEvent, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Dropdown, type DropdownOption, type DropdownProps } from "./dropdown.tsx";

const linkOptions: DropdownOption[] = [
  { value: "global", label: "Global", href: "/leaderboard/live" },
  { value: "verified", label: "Verified", href: "/leaderboard/live?verified=1" },
  { value: "friends", label: "Friends", href: "/leaderboard/live?friendsOnly=1" },
];

/** Stops jsdom from attempting navigation, and records whether a click was cancelled. */
const linkClicks: Array<{ href: string | null; prevented: boolean }> = [];
function stopNavigation(event: MouseEvent) {
  const link = event.target instanceof Element ? event.target.closest("a") : null;
  if (!link) return;
  linkClicks.push({ href: link.getAttribute("href"), prevented: event.defaultPrevented });
  event.preventDefault();
}

function renderDropdown(props: Partial<DropdownProps> = {}) {
  const onSelect = vi.fn();
  render(<Dropdown label="Filter" options={linkOptions} selectedValue="global" onSelect={onSelect} {...props} />);
  const header = screen.getByRole("button", { name: /Filter/ });
  return { header, onSelect };
}

function menuIsOpen(): boolean {
  return screen.queryByRole("menu") !== null;
}

describe("Dropdown", () => {
  beforeEach(() => {
    linkClicks.length = 0;
    document.addEventListener("click", stopNavigation);
  });
  afterEach(() => {
    document.removeEventListener("click", stopNavigation);
  });

  it("names its header by label and current choice, and toggles on a click of it", () => {
    const { header } = renderDropdown();
    expect(header.textContent).toBe("Global");
    expect(screen.getByRole("button", { name: "Filter Global" })).toBe(header);
    expect(header.getAttribute("aria-haspopup")).toBe("menu");
    expect(menuIsOpen()).toBe(false);
    fireEvent.click(header, { detail: 1 });
    expect(header.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByRole("menu", { name: "Filter" }).id).toBe(header.getAttribute("aria-controls"));
    fireEvent.click(header, { detail: 1 });
    expect(menuIsOpen()).toBe(false);
  });

  it("navigates by href and closes when an option is picked", () => {
    const { header, onSelect } = renderDropdown();
    fireEvent.click(header, { detail: 1 });
    const verified = screen.getByRole("menuitemradio", { name: "Verified" });
    expect(verified.getAttribute("href")).toBe("/leaderboard/live?verified=1");
    fireEvent.click(verified);
    expect(linkClicks).toEqual([{ href: "/leaderboard/live?verified=1", prevented: false }]);
    expect(onSelect).toHaveBeenCalledWith(linkOptions[1]);
    expect(menuIsOpen()).toBe(false);
  });

  it("calls an option's callback", () => {
    const onSortByRating = vi.fn();
    const onSortByName = vi.fn();
    renderDropdown({
      options: [
        { value: "rating", label: "Rating", onSelect: onSortByRating },
        { value: "name", label: "Name", onSelect: onSortByName },
      ],
      selectedValue: "rating",
    });
    fireEvent.click(screen.getByRole("button", { name: /Filter/ }), { detail: 1 });
    fireEvent.click(screen.getByRole("menuitemradio", { name: "Name" }));
    expect(onSortByName).toHaveBeenCalledOnce();
    expect(onSortByRating).not.toHaveBeenCalled();
    expect(menuIsOpen()).toBe(false);
  });

  it("does not let the selected option be picked again", () => {
    const { header, onSelect } = renderDropdown();
    fireEvent.click(header, { detail: 1 });
    const current = screen.getByRole("menuitemradio", { name: "Global" });
    expect(current.getAttribute("aria-checked")).toBe("true");
    expect(current.getAttribute("aria-disabled")).toBe("true");
    expect(screen.getByRole("menuitemradio", { name: "Verified" }).getAttribute("aria-checked")).toBe("false");
    fireEvent.click(current);
    expect(linkClicks).toEqual([{ href: "/leaderboard/live", prevented: true }]);
    expect(onSelect).not.toHaveBeenCalled();
    expect(menuIsOpen()).toBe(true);
  });

  it("is disabled when disabled, or when its filter is hidden", () => {
    const { header } = renderDropdown({ disabled: true });
    expect(header.hasAttribute("disabled")).toBe(true);
    fireEvent.click(header, { detail: 1 });
    expect(menuIsOpen()).toBe(false);
  });

  it("is disabled when its filter is hidden", () => {
    const { header } = renderDropdown({ hidden: true });
    expect(header.hasAttribute("disabled")).toBe(true);
    fireEvent.keyDown(header, { key: "ArrowDown" });
    expect(menuIsOpen()).toBe(false);
  });

  it("opens with ArrowDown on the selected option, moves with arrows, wraps, and Escape closes", () => {
    const { header } = renderDropdown({ selectedValue: "verified" });
    header.focus();
    fireEvent.keyDown(header, { key: "ArrowDown" });
    expect(menuIsOpen()).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole("menuitemradio", { name: "Verified" }));
    fireEvent.keyDown(document.activeElement ?? document.body, { key: "ArrowDown" });
    expect(document.activeElement).toBe(screen.getByRole("menuitemradio", { name: "Friends" }));
    fireEvent.keyDown(document.activeElement ?? document.body, { key: "ArrowDown" });
    expect(document.activeElement).toBe(screen.getByRole("menuitemradio", { name: "Global" }));
    fireEvent.keyDown(document.activeElement ?? document.body, { key: "ArrowUp" });
    expect(document.activeElement).toBe(screen.getByRole("menuitemradio", { name: "Friends" }));
    fireEvent.keyDown(document.activeElement ?? document.body, { key: "Home" });
    expect(document.activeElement).toBe(screen.getByRole("menuitemradio", { name: "Global" }));
    fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape" });
    expect(menuIsOpen()).toBe(false);
    expect(document.activeElement).toBe(header);
  });

  it("opens from the keyboard (Enter or Space click) with focus in the menu; Space picks a link", () => {
    const { header, onSelect } = renderDropdown();
    header.focus();
    fireEvent.click(header, { detail: 0 });
    expect(document.activeElement).toBe(screen.getByRole("menuitemradio", { name: "Global" }));
    fireEvent.keyDown(document.activeElement ?? document.body, { key: "End" });
    fireEvent.keyDown(document.activeElement ?? document.body, { key: " " });
    expect(onSelect).toHaveBeenCalledWith(linkOptions[2]);
    expect(menuIsOpen()).toBe(false);
  });

  it("closes on an outside click", () => {
    const { header } = renderDropdown();
    fireEvent.click(header, { detail: 1 });
    fireEvent.pointerDown(document.body);
    expect(menuIsOpen()).toBe(false);
  });

  it("puts the option links in the server HTML, hidden", () => {
    const html = renderToString(<Dropdown label="Filter" options={linkOptions} selectedValue="global" />);
    expect(html).toContain('href="/leaderboard/live?friendsOnly=1"');
    expect(html).toMatch(/<ul[^>]*role="menu"[^>]*hidden/);
  });
});
