import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithIntl } from "../../../ui/test-utils.tsx";
import { MoveConfirmation, type MoveConfirmationProps } from "./move-confirmation.tsx";
import gameMessages from "./messages/en.json";

const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

function show(props: Partial<MoveConfirmationProps> = {}) {
  const handlers = { onOption: vi.fn(), onConfirm: vi.fn(), onCancel: vi.fn() };
  const all: MoveConfirmationProps = { memberId: 7, rules: "standard", fen: start, waiting: null, ...handlers, ...props };
  const view = renderWithIntl(<MoveConfirmation {...all} />, { messages: gameMessages });
  return { ...handlers, view, all };
}

const option = () => screen.getByRole("checkbox", { name: "Confirm each move before it is sent" });

describe("move confirmation for daily games", () => {
  afterEach(() => window.localStorage.clear());

  it("is off until the member turns it on, and stays on for that member in this browser only", () => {
    const first = show();
    expect((option() as HTMLInputElement).checked).toBe(false);
    expect(first.onOption).toHaveBeenLastCalledWith(false);
    fireEvent.click(option());
    expect(first.onOption).toHaveBeenLastCalledWith(true);
    first.view.unmount();

    const again = show();
    expect((option() as HTMLInputElement).checked).toBe(true);
    expect(again.onOption).toHaveBeenLastCalledWith(true);
    again.view.unmount();

    const someoneElse = show({ memberId: 8 });
    expect((option() as HTMLInputElement).checked).toBe(false);
    expect(someoneElse.onOption).toHaveBeenLastCalledWith(false);
  });

  it("names the waiting move, puts focus on Confirm, and confirms or cancels by keyboard", () => {
    const field = document.createElement("input");
    document.body.append(field);
    field.focus();
    const { onConfirm, onCancel, view, all } = show();
    expect(screen.queryByRole("group")).toBeNull();

    view.rerender(<MoveConfirmation {...all} waiting="g1f3" />);
    const group = screen.getByRole("group", { name: "Your move Nf3 is not sent yet: confirm or cancel it." });
    const confirm = screen.getByRole("button", { name: "Confirm move" });
    expect(document.activeElement).toBe(confirm);
    // The question is inside a live region, so a screen reader hears it as it appears.
    expect(group.closest("[aria-live='polite']")).not.toBeNull();
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);

    fireEvent.keyDown(confirm, { key: "Escape" });
    expect(onCancel).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onCancel).toHaveBeenCalledTimes(2);

    // Once the move is gone (sent or cancelled), focus goes back where the move was made.
    act(() => view.rerender(<MoveConfirmation {...all} waiting={null} />));
    expect(screen.queryByRole("button", { name: "Confirm move" })).toBeNull();
    expect(document.activeElement).toBe(field);
    field.remove();
  });
});
