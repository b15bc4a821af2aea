/**
 * The clock watch of decision 0022 on the jobs module's leases: each
 * instance holds a short lease of its own, renewed at every deadline sweep
 * (each second), so a starting instance can tell whether another one is up
 * and, if none is, when the service was last up.
 */
import { randomUUID } from "node:crypto";
import type { Database } from "../../../platform/db/client.server.ts";
import { acquireLease, dropExpiredLeases, leaseActivity } from "../../../platform/jobs/job-lease.server.ts";
import type { ClockWatch } from "./games.service.server.ts";

const PREFIX = "play.clocks:";
/** A few sweeps: an instance that misses one is still up; a dead one is seen as gone soon after. */
const BEAT_TTL_MS = 3_000;

export function leaseClockWatch(instanceId: string): ClockWatch {
  const holder = `${instanceId}:${randomUUID().slice(0, 8)}`;
  const name = `${PREFIX}${holder}`;
  return {
    async beat(db: Database) {
      await acquireLease(db, name, holder, BEAT_TTL_MS);
    },
    async lastSeen(db: Database) {
      const activity = await leaseActivity(db, PREFIX, BEAT_TTL_MS);
      // The leases of instances that are gone have told what they could.
      if (!activity.held) await dropExpiredLeases(db, PREFIX);
      const lastBeatAt = activity.lastRenewedAt?.getTime() ?? null;
      return { othersUp: activity.held, lastBeatAt, upUntil: lastBeatAt === null ? null : lastBeatAt + BEAT_TTL_MS };
    },
  };
}
