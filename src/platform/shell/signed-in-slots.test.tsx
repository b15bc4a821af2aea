import { Suspense } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { SignedInSlots } from "./shell-slots.ts";
import { preloadSignedInSlots, useSignedInSlots } from "./signed-in-slots.ts";

function Item() {
  return <span>bell</span>;
}

function Shows({ load }: { load: () => Promise<SignedInSlots> }) {
  const slots = useSignedInSlots(load);
  return (
    <>
      {slots.headerItems.map((Component, index) => (
        <Component key={index} />
      ))}
    </>
  );
}

describe("the signed-in slots", () => {
  it("render at once once preloaded (the server preloads before a signed-in page), and load only once", async () => {
    let loads = 0;
    const load = async (): Promise<SignedInSlots> => {
      loads += 1;
      return { layers: [], headerItems: [Item] };
    };
    await preloadSignedInSlots(load);
    await preloadSignedInSlots(load);
    expect(loads).toBe(1);
    expect(renderToString(<Shows load={load} />)).toBe("<span>bell</span>");
  });

  it("suspend until their chunk is there when nobody preloaded them, and are never loaded when not rendered", async () => {
    let loads = 0;
    const load = async (): Promise<SignedInSlots> => {
      loads += 1;
      return { layers: [], headerItems: [Item] };
    };
    expect(renderToString(<p>anonymous</p>)).toBe("<p>anonymous</p>");
    expect(loads).toBe(0);
    const html = renderToString(
      <Suspense fallback={<i>later</i>}>
        <Shows load={load} />
      </Suspense>,
    );
    expect(html).toContain("<i>later</i>");
    expect(loads).toBe(1);
    await preloadSignedInSlots(load);
    expect(renderToString(<Shows load={load} />)).toBe("<span>bell</span>");
  });
});
