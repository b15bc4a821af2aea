import { act, fireEvent, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LazyImage, lazyImagePlaceholder } from "./lazy-image.tsx";

type ObserverCallback = (
  entries: Array<Pick<IntersectionObserverEntry, "isIntersecting" | "intersectionRatio">>,
) => void;

interface FakeObserver {
  callback: ObserverCallback;
  options: IntersectionObserverInit | undefined;
  observed: Element[];
  disconnected: boolean;
}

function installFakeObserver(): FakeObserver[] {
  const observers: FakeObserver[] = [];
  class FakeIntersectionObserver {
    readonly record: FakeObserver;
    constructor(callback: ObserverCallback, options?: IntersectionObserverInit) {
      this.record = { callback, options, observed: [], disconnected: false };
      observers.push(this.record);
    }
    observe(element: Element) {
      this.record.observed.push(element);
    }
    unobserve() {}
    disconnect() {
      this.record.disconnected = true;
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
  return observers;
}

describe("LazyImage", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("waits with a placeholder until the image is within 200 px of the viewport", () => {
    const observers = installFakeObserver();
    render(<LazyImage src="/avatars/magnus.png" alt="Magnus" width={40} height={40} />);
    const image = screen.getByRole("img", { name: "Magnus" });
    expect(image.getAttribute("src")).toBe(lazyImagePlaceholder);
    expect(image.getAttribute("width")).toBe("40");
    expect(image.getAttribute("height")).toBe("40");
    const observer = observers[0];
    expect(observer?.options).toEqual({ rootMargin: "200px", threshold: 0.01 });
    expect(observer?.observed).toEqual([image]);

    act(() => observer?.callback([{ isIntersecting: false, intersectionRatio: 0 }]));
    expect(image.getAttribute("src")).toBe(lazyImagePlaceholder);

    act(() => observer?.callback([{ isIntersecting: true, intersectionRatio: 0.02 }]));
    expect(image.getAttribute("src")).toBe("/avatars/magnus.png");
    expect(image.dataset["state"]).toBe("loading");
    expect(observer?.disconnected).toBe(true);

    fireEvent.load(image);
    expect(image.dataset["state"]).toBe("loaded");
    expect(image.classList.contains("ks-lazy-image--loaded")).toBe(true);
  });

  it("loads at once where IntersectionObserver is missing", () => {
    vi.stubGlobal("IntersectionObserver", undefined);
    render(<LazyImage src="/flags/club.png" alt="Club" width={40} height={40} />);
    expect(screen.getByRole("img", { name: "Club" }).getAttribute("src")).toBe("/flags/club.png");
  });

  it("offers retina variants when asked", () => {
    vi.stubGlobal("IntersectionObserver", undefined);
    render(<LazyImage src="/clubs/a.png" alt="Club" width={40} height={40} retina />);
    expect(screen.getByRole("img", { name: "Club" }).getAttribute("srcset")).toBe(
      "/clubs/a@1.5x.png 1.5x, /clubs/a@2x.png 2x, /clubs/a@3x.png 3x, /clubs/a@4x.png 4x",
    );
  });

  it("offers only the densities it is given, and none by default", () => {
    vi.stubGlobal("IntersectionObserver", undefined);
    render(
      <>
        <LazyImage src="/a.png" alt="Two" width={10} height={10} retina={[2]} />
        <LazyImage src="/b.png" alt="Plain" width={10} height={10} />
      </>,
    );
    expect(screen.getByRole("img", { name: "Two" }).getAttribute("srcset")).toBe("/a@2x.png 2x");
    expect(screen.getByRole("img", { name: "Plain" }).hasAttribute("srcset")).toBe(false);
  });

  it("renders a sized placeholder and a <noscript> image on the server", () => {
    const html = renderToString(<LazyImage src="/a.png" alt="A" width={80} height={80} />);
    expect(html).toContain(`src="${lazyImagePlaceholder}"`);
    expect(html).toContain('width="80"');
    expect(html).toMatch(/<noscript><img src="\/a.png"/);
  });
});
