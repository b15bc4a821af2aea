import { act, fireEvent, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { IntlProvider } from "../platform/i18n/intl.tsx";
import { parseMessages } from "../platform/i18n/parse-messages.ts";
import { describe, expect, it, vi } from "vitest";
import { ConfirmPopover, type ConfirmPopoverProps } from "./confirm-popover.tsx";
import { englishMessages, renderWithIntl } from "./test-utils.tsx";

function renderConfirm(props: Partial<ConfirmPopoverProps> = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  renderWithIntl(
    <div>
      <p>Outside</p>
      <ConfirmPopover trigger="Block" onConfirm={onConfirm} onCancel={onCancel} {...props} />
    </div>,
  );
  const trigger = screen.getByRole("button", { name: "Block" });
  return { trigger, onConfirm, onCancel };
}

function openPopover(trigger: HTMLElement) {
  fireEvent.click(trigger);
  return screen.getByRole("dialog");
}

describe("ConfirmPopover", () => {
  it("opens on a click of its trigger with the default question, focus on Cancel", () => {
    const { trigger } = renderConfirm();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(trigger.getAttribute("aria-expanded")).toBe("false");
    const dialog = openPopover(trigger);
    expect(dialog.textContent).toContain("Are you sure?");
    expect(screen.getByRole("dialog", { name: "Are you sure?" })).toBe(dialog);
    expect(trigger.getAttribute("aria-expanded")).toBe("true");
    expect(trigger.getAttribute("aria-controls")).toBe(dialog.id);
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Cancel" }));
  });

  it("asks the spec's questions", () => {
    const { trigger } = renderConfirm({ kind: "blockUser" });
    expect(openPopover(trigger).textContent).toContain("Are you sure you want to block this user?");
  });

  it("asks to confirm removing a friend", () => {
    const { trigger } = renderConfirm({ kind: "removeFriend" });
    expect(openPopover(trigger).textContent).toContain("Are you sure you want to remove this friend from your list?");
  });

  it("Confirm closes it and calls onConfirm", () => {
    const { trigger, onConfirm, onCancel } = renderConfirm();
    openPopover(trigger);
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it("Cancel closes it without confirming", () => {
    const { trigger, onConfirm, onCancel } = renderConfirm();
    openPopover(trigger);
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it("closes on window resize", () => {
    const { trigger, onConfirm } = renderConfirm();
    openPopover(trigger);
    act(() => {
      window.dispatchEvent(new Event("resize"));
    });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("closes on scroll, of the page or of any scrolling element", () => {
    const { trigger } = renderConfirm();
    openPopover(trigger);
    act(() => {
      window.dispatchEvent(new Event("scroll"));
    });
    expect(screen.queryByRole("dialog")).toBeNull();
    openPopover(trigger);
    fireEvent.scroll(screen.getByText("Outside"));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("closes on an outside click but not on a click inside", () => {
    const { trigger } = renderConfirm();
    const dialog = openPopover(trigger);
    fireEvent.pointerDown(dialog);
    expect(screen.getByRole("dialog")).toBe(dialog);
    fireEvent.pointerDown(screen.getByText("Outside"));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("closes on Escape and gives focus back to the trigger", () => {
    const { trigger } = renderConfirm();
    openPopover(trigger);
    fireEvent.keyDown(screen.getByRole("button", { name: "Cancel" }), { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it("a second click on the trigger closes it", () => {
    const { trigger } = renderConfirm();
    openPopover(trigger);
    fireEvent.click(trigger);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("renders only its trigger on the server", () => {
    const html = renderToString(
      <IntlProvider locale="en" messages={parseMessages(englishMessages)}>
        <ConfirmPopover trigger="Remove" onConfirm={() => undefined} />
      </IntlProvider>,
    );
    expect(html).toContain("Remove");
    expect(html).not.toContain("Are you sure");
  });
});
