import { describe, expect, it } from "vitest";
import { chatReadRefusal, chatWriteRefusal } from "./game-chat.policy.ts";

describe("who may read and write a game's chat", () => {
  it("keeps the spectators' chat from the players and from anonymous sockets while the game is in progress", () => {
    expect(chatReadRefusal("player", "spectators", true)).toBe("not_a_spectator");
    expect(chatReadRefusal("visitor", "spectators", true)).toBe("sign_in_required");
    expect(chatReadRefusal("member", "spectators", true)).toBeNull();
    expect(chatWriteRefusal("player", "spectators", true)).toBe("not_a_spectator");
    expect(chatWriteRefusal("visitor", "spectators", true)).toBe("sign_in_required");
    expect(chatWriteRefusal("member", "spectators", true)).toBeNull();
  });

  it("opens the spectators' chat to every reader once the game ended, and to every signed-in writer", () => {
    for (const viewer of ["player", "member", "visitor"] as const) expect(chatReadRefusal(viewer, "spectators", false)).toBeNull();
    expect(chatWriteRefusal("player", "spectators", false)).toBeNull();
    expect(chatWriteRefusal("member", "spectators", false)).toBeNull();
    expect(chatWriteRefusal("visitor", "spectators", false)).toBe("sign_in_required");
  });

  it("keeps the players' chat to the two players, during and after the game", () => {
    for (const inProgress of [true, false]) {
      expect(chatReadRefusal("player", "players", inProgress)).toBeNull();
      expect(chatWriteRefusal("player", "players", inProgress)).toBeNull();
      for (const viewer of ["member", "visitor"] as const) {
        expect(chatReadRefusal(viewer, "players", inProgress)).toBe("not_a_player");
        expect(chatWriteRefusal(viewer, "players", inProgress)).toBe("not_a_player");
      }
    }
  });
});
