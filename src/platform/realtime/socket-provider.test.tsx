import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { roomName } from "./protocol.ts";
import type { SubscribeOptions } from "./socket-client.ts";
import { fakeCommands } from "./socket-fakes.fixture.ts";
import { SocketProvider, useRoomEvents, type SocketHub } from "./socket-provider.tsx";

function Listener({ onRefetch }: { onRefetch: () => void }) {
  useRoomEvents(roomName("game", 7), () => undefined, { refetch: onRefetch });
  return null;
}

describe("useRoomEvents", () => {
  it("passes refetch through to the socket, calling the handler of the latest render", () => {
    const given: SubscribeOptions[] = [];
    const hub: SocketHub = {
      command: fakeCommands().command,
      subscribe: (_room, _handler, options) => {
        given.push(options ?? {});
        return () => undefined;
      },
    };
    const calls: string[] = [];
    const view = render(
      <SocketProvider hub={hub}>
        <Listener onRefetch={() => calls.push("first")} />
      </SocketProvider>,
    );
    view.rerender(
      <SocketProvider hub={hub}>
        <Listener onRefetch={() => calls.push("second")} />
      </SocketProvider>,
    );
    // One subscription for both renders; the socket's reconnect or gap calls the current refetch.
    expect(given).toHaveLength(1);
    given[0]?.refetch?.();
    expect(calls).toEqual(["second"]);
  });
});
