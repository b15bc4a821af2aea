import { variants } from "../../chess/variants.ts";
import { defineFeature, serviceFrom, type FeatureDefinition } from "../../platform/composition/feature-definition.server.ts";
import type { PeriodicJobDefinition } from "../../platform/jobs/job-types.ts";
import { createDemoLife, type DemoLife, type DemoMember } from "./demo-life.server.ts";
import * as demoTables from "./demo.tables.server.ts";

/** How often the demo looks for moves that are due. */
export const DEMO_LIFE_TICK_MS = 1_000;

export interface DemoServices {
  readonly demoLife: DemoLife;
}

/**
 * The demo site's life: with demo data on (never in production), a few
 * invented members keep playing live games through online play's own
 * services (decision 0054). On a real site it owns two empty tables and runs nothing.
 */
export const demoFeature: FeatureDefinition<DemoServices> = defineFeature<DemoServices>({
  name: "demo",
  tables: demoTables,
  messageCatalogs: [],
  createServices: ({ db, clock }, earlier) => {
    const games = serviceFrom(earlier, "games", "demo");
    const directory = serviceFrom(earlier, "memberDirectory", "demo");
    return {
      demoLife: createDemoLife({
        db,
        now: clock,
        play: {
          arrange: async ({ whiteId, blackId, control, rated }) => (await games.startVariantGame({ variant: variants.standard, memberIds: [whiteId, blackId], terms: { rules: "standard", control, rated, color: "white" } })).id,
          move: (member, input) => games.move(member, input, { receivedAt: clock(), lagMs: 0 }),
          act: (member, gameId, action) => games.act(member, gameId, action),
          async membersByIds(ids) {
            const found = await directory.membersByIds(ids);
            return new Map([...found].map(([id, member]): [number, DemoMember] => [id, { id, username: member.username, level: member.membershipLevel }]));
          },
        },
      }),
    };
  },
  jobs: ({ services, demoData }): readonly PeriodicJobDefinition[] =>
    demoData
      ? [
          {
            name: "demo.live-games",
            everyMs: DEMO_LIFE_TICK_MS,
            // One instance plays the demo's moves: two would play each move twice (the second refused as stale).
            runOn: "leader",
            run: () => services.demoLife.tick(),
          },
        ]
      : [],
});
