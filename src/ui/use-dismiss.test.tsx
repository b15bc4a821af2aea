import { fireEvent, render } from "@testing-library/react";
import { useRef } from "react";
import { describe, expect, it, vi } from "vitest";
import { useDismiss, type DismissOptions } from "./use-dismiss.ts";

function Probe({ open, onDismiss, options }: { open: boolean; onDismiss: () => void; options: Omit<DismissOptions, "outside"> & { outside?: boolean } }) {
  const rootRef = useRef<HTMLDivElement | null>(null);
  useDismiss(open, onDismiss, { ...options, outside: options.outside ? rootRef : undefined });
  return (
    <>
      <div ref={rootRef} data-testid="inside">
        <button type="button">inner</button>
      </div>
      <p data-testid="outside">elsewhere</p>
    </>
  );
}

function renderProbe(options: Omit<DismissOptions, "outside"> & { outside?: boolean }, open = true) {
  const onDismiss = vi.fn();
  const view = render(<Probe open={open} onDismiss={onDismiss} options={options} />);
  return { onDismiss, view };
}

describe("useDismiss", () => {
  it("dismisses on a pointer press outside the element, not inside it", () => {
    const { onDismiss, view } = renderProbe({ outside: true });
    fireEvent.pointerDown(view.getByRole("button", { name: "inner" }));
    expect(onDismiss).not.toHaveBeenCalled();
    fireEvent.pointerDown(view.getByTestId("outside"));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it("dismisses on scroll anywhere and on resize when asked", () => {
    const { onDismiss, view } = renderProbe({ scrollOrResize: true });
    fireEvent.scroll(view.getByTestId("inside"));
    expect(onDismiss).toHaveBeenCalledTimes(1);
    fireEvent(window, new Event("resize"));
    expect(onDismiss).toHaveBeenCalledTimes(2);
  });

  it("dismisses on Escape when asked, not on other keys", () => {
    const { onDismiss } = renderProbe({ escape: true });
    fireEvent.keyDown(window, { key: "a" });
    expect(onDismiss).not.toHaveBeenCalled();
    fireEvent.keyDown(window, { key: "Escape" });
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it("listens only for the chosen events", () => {
    const { onDismiss, view } = renderProbe({ escape: true });
    fireEvent.pointerDown(view.getByTestId("outside"));
    fireEvent(window, new Event("resize"));
    expect(onDismiss).not.toHaveBeenCalled();
  });

  it("does nothing while closed, and stops listening once closed", () => {
    const { onDismiss, view } = renderProbe({ outside: true, scrollOrResize: true, escape: true }, false);
    fireEvent.pointerDown(view.getByTestId("outside"));
    fireEvent.keyDown(window, { key: "Escape" });
    fireEvent(window, new Event("resize"));
    expect(onDismiss).not.toHaveBeenCalled();
    view.rerender(<Probe open onDismiss={onDismiss} options={{ escape: true }} />);
    view.rerender(<Probe open={false} onDismiss={onDismiss} options={{ escape: true }} />);
    fireEvent.keyDown(window, { key: "Escape" });
    expect(onDismiss).not.toHaveBeenCalled();
  });
});
