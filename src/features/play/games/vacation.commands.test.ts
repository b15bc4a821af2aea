import { describe, expect, it } from "vitest";
import { databaseTargets } from "../../../test/databases.ts";
import { appForSuite } from "../../../test/start-app.ts";
import { openSocket, signIn } from "../../presence/presence.test-kit.server.ts";
import { command } from "../play.socket-kit.server.ts";

/** Vacation over the socket: the member's own status, start and end; refusals for visitors, bad input and a second start. */
describe.each(databaseTargets())("vacation commands on $name", (target) => {
  const suite = appForSuite(target, { seedDemoData: true });

  it("lets a member take and end a vacation, and refuses visitors and bad input", async () => {
    const app = suite.current;
    const visitor = await openSocket(app);
    const carla = await openSocket(app, { cookie: (await signIn(app, "carla")).cookie });
    try {
      expect(await command(visitor, "vacation.status", {})).toEqual({ ok: false, code: "forbidden" });
      expect(await command(visitor, "vacation.start", { days: 1 })).toEqual({ ok: false, code: "forbidden" });

      const status = await command(carla, "vacation.status", {});
      expect(status).toMatchObject({ ok: true, result: { onUntil: null } });
      const daysLeft = (status as { result: { daysLeft: number } }).result.daysLeft;
      expect(daysLeft).toBeGreaterThanOrEqual(1);

      for (const bad of [{ days: 0 }, { days: 1.5 }, { days: "1" }, { days: 61 }, {}, { days: 1, extra: true }]) {
        expect(await command(carla, "vacation.start", bad), JSON.stringify(bad)).toEqual({ ok: false, code: "invalid_input" });
      }
      expect(await command(carla, "vacation.start", { days: daysLeft + 1 })).toEqual({ ok: false, code: "vacation.too_long" });
      // Nothing changed.
      expect(await command(carla, "vacation.status", {})).toMatchObject({ ok: true, result: { daysLeft, onUntil: null } });

      const started = await command(carla, "vacation.start", { days: 1 });
      expect(started).toMatchObject({ ok: true, result: { daysLeft: daysLeft - 1 } });
      expect((started as { result: { onUntil: string | null } }).result.onUntil).not.toBeNull();
      expect(await command(carla, "vacation.start", { days: 1 })).toEqual({ ok: false, code: "vacation.already_on" });
      expect(await command(carla, "vacation.end", {})).toMatchObject({ ok: true, result: { onUntil: null } });
      expect(await command(carla, "vacation.end", {})).toEqual({ ok: false, code: "vacation.not_on" });
    } finally {
      visitor.close();
      carla.close();
    }
  });
});
