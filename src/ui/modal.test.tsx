import { fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { renderToString } from "react-dom/server";
import { IntlProvider } from "../platform/i18n/intl.tsx";
import { parseMessages } from "../platform/i18n/parse-messages.ts";
import { describe, expect, it, vi } from "vitest";
import { Modal, type ModalProps } from "./modal.tsx";
import { englishMessages, renderWithIntl } from "./test-utils.tsx";

function ModalHarness(props: Partial<ModalProps>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open ? (
        <Modal
          title="Share game"
          onClose={() => {
            props.onClose?.();
            setOpen(false);
          }}
          closeOnEscape={props.closeOnEscape}
          closeOnBackdropClick={props.closeOnBackdropClick}
        >
          <p>Pick a friend</p>
          <button type="button">First action</button>
          <button type="button">Last action</button>
        </Modal>
      ) : null}
    </>
  );
}

function openModal(props: Partial<ModalProps> = {}) {
  renderWithIntl(<ModalHarness {...props} />);
  const opener = screen.getByRole("button", { name: "Open" });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole("dialog", { name: "Share game" }) };
}

describe("Modal", () => {
  it("is a modal dialog named by its title, in a portal on document.body", () => {
    const { dialog } = openModal();
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(dialog.parentElement?.parentElement).toBe(document.body);
    expect(document.body.style.overflow).toBe("hidden");
  });

  it("moves focus inside on open and returns it on close", () => {
    const { opener } = openModal();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "First action" }));
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.body.style.overflow).toBe("");
  });

  it("keeps Tab inside the dialog", () => {
    openModal();
    const first = screen.getByRole("button", { name: "Close" });
    const last = screen.getByRole("button", { name: "Last action" });
    last.focus();
    fireEvent.keyDown(last, { key: "Tab" });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it("closes on Escape", () => {
    const onClose = vi.fn();
    openModal({ onClose });
    fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape" });
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("stays open on Escape when closeOnEscape is false", () => {
    const onClose = vi.fn();
    openModal({ onClose, closeOnEscape: false });
    fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape" });
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole("dialog")).not.toBeNull();
  });

  it("closes on a background click but not on a click inside", () => {
    const onClose = vi.fn();
    const { dialog } = openModal({ onClose });
    fireEvent.mouseDown(screen.getByText("Pick a friend"));
    fireEvent.click(screen.getByText("Pick a friend"));
    // A drag that starts in the dialog and ends on the background is not a background click.
    fireEvent.mouseDown(dialog);
    fireEvent.click(dialog.parentElement ?? document.body);
    expect(onClose).not.toHaveBeenCalled();
    const backdrop = dialog.parentElement ?? document.body;
    fireEvent.mouseDown(backdrop);
    fireEvent.click(backdrop);
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("ignores background clicks when closeOnBackdropClick is false", () => {
    const onClose = vi.fn();
    const { dialog } = openModal({ onClose, closeOnBackdropClick: false });
    const backdrop = dialog.parentElement ?? document.body;
    fireEvent.mouseDown(backdrop);
    fireEvent.click(backdrop);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("only the innermost of two modals answers Escape", () => {
    const outerClose = vi.fn();
    const innerClose = vi.fn();
    renderWithIntl(
      <Modal title="Outer" onClose={outerClose}>
        <Modal title="Inner" onClose={innerClose}>
          <p>inner</p>
        </Modal>
      </Modal>,
    );
    fireEvent.keyDown(document.body, { key: "Escape" });
    expect(innerClose).toHaveBeenCalledOnce();
    expect(outerClose).not.toHaveBeenCalled();
  });

  it("renders nothing on the server", () => {
    const html = renderToString(
      <IntlProvider locale="en" messages={parseMessages(englishMessages)}>
        <Modal title="Server" onClose={() => undefined}>
          <p>body</p>
        </Modal>
      </IntlProvider>,
    );
    expect(html).toBe("");
  });
});
