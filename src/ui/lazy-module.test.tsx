import { Suspense } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { lazyModule } from "./lazy-module.ts";

function Editor({ text }: { text: string }) {
  return <b>{text}</b>;
}

function counted() {
  const calls = { loads: 0 };
  const load = async () => {
    calls.loads += 1;
    return { Editor };
  };
  return { calls, load };
}

describe("a lazily loaded module of components", () => {
  it("renders its components synchronously once ready (what the server does before rendering), loading the module once", async () => {
    const { calls, load } = counted();
    const parts = lazyModule(load);
    const Lazy = parts.component("Editor");
    await parts.ready();
    await parts.ready();
    expect(renderToString(<Lazy text="mine" />)).toBe("<b>mine</b>");
    expect(calls.loads).toBe(1);
  });

  it("is not loaded in the browser until rendered or asked for, unless the page says it will be needed", async () => {
    const idle = counted();
    const parts = lazyModule(idle.load, { preloadIf: () => false });
    expect(idle.calls.loads).toBe(0);
    const Lazy = parts.component("Editor");
    expect(
      renderToString(
        <Suspense fallback={<i>later</i>}>
          <Lazy text="mine" />
        </Suspense>,
      ),
    ).toContain("<i>later</i>");
    expect(idle.calls.loads).toBe(1);

    const eager = counted();
    lazyModule(eager.load, { preloadIf: () => true });
    expect(eager.calls.loads).toBe(1);
  });

  it("asks again for a module whose chunk failed to load", async () => {
    let attempts = 0;
    const parts = lazyModule(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error("chunk failed");
      return { Editor };
    });
    await expect(parts.ready()).rejects.toThrow("chunk failed");
    await parts.ready();
    expect(attempts).toBe(2);
    const Lazy = parts.component("Editor");
    expect(renderToString(<Lazy text="again" />)).toBe("<b>again</b>");
  });
});
