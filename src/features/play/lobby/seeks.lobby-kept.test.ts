import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryBus, type EventBus } from "../../../platform/realtime/bus.server.ts";
import { databaseTargets } from "../../../test/databases.ts";
import { lobbyRoom } from "../play.events.ts";
import type { PlayMember } from "../play-ports.server.ts";
import type { GameTerms } from "../play.schema.ts";
import { createPlayKit, type PlayKit } from "../play.test-kit.server.ts";
import { LOBBY_KEPT_MS } from "./seeks.service.server.ts";

const blitz: GameTerms = { rules: "standard", control: { kind: "live", baseSeconds: 180, incrementSeconds: 2 }, rated: false, color: "random" };

/**
 * The lobby list is everyone's, so an instance keeps it between the lobby
 * room's events (issue 20 item 9): `seeks` below is one instance with a bus,
 * `kit.seeks` another instance writing to the same database whose events
 * have not reached it yet.
 */
for (const target of databaseTargets()) {
  describe(`the lobby list kept between its events on ${target.name}`, () => {
    let kit: PlayKit;
    let drop: () => Promise<void>;
    let bus: EventBus;
    let ann: PlayMember;

    beforeAll(async () => {
      const created = await target.create();
      drop = created.drop;
      kit = await createPlayKit({ databaseUrl: created.databaseUrl });
      bus = createMemoryBus();
      ann = await kit.member("ann");
    }, 60_000);
    afterAll(async () => {
      await bus.close();
      await kit.database.close();
      await drop();
    });

    async function seekElsewhere(): Promise<number> {
      const made = await kit.seeks.create(ann, { terms: blitz });
      if (!made.ok) throw new Error(made.error);
      return made.value.id;
    }
    const ids = (list: readonly { id: number }[]) => list.map((seek) => seek.id);

    it("answers from what it kept until an event of the lobby's room drops it", async () => {
      const seeks = kit.seeksWith({ lobbyChanges: (onEvent) => bus.subscribe(lobbyRoom(), onEvent) });
      expect(await seeks.lobby()).toEqual([]);
      const first = await seekElsewhere();
      expect(await seeks.lobby()).toEqual([]);
      await bus.publish(lobbyRoom(), { type: "seek.added", payload: { id: first } });
      expect(ids(await seeks.lobby())).toEqual([first]);

      // What no event announces is at most the kept time late.
      const second = await seekElsewhere();
      expect(ids(await seeks.lobby())).toEqual([first]);
      kit.clock.now += LOBBY_KEPT_MS;
      expect(ids(await seeks.lobby())).toEqual([first, second]);
    });

    it("reads afresh every time on an instance that hears no events", async () => {
      const before = ids(await kit.seeks.lobby());
      const third = await seekElsewhere();
      expect(ids(await kit.seeks.lobby())).toEqual([...before, third]);
    });
  });
}
