/**
 * The Redis presence store, for many instances. Per member:
 *
 *   {prefix}c:{userId}  hash  connectionId -> "expiresAt|refreshedAt|closedAt" (closedAt empty while open)
 *   {prefix}a:{userId}  hash  connectionId -> "since|context JSON" (connections that declared an activity)
 *   {prefix}s:{userId}  string  online since
 *   {prefix}m:{userId}  string  approximate last-seen time after an instance died (until the next connect)
 *   {prefix}g:{userId}  hash  game key -> when the last connection declaring that game stopped (kept a day)
 *
 * and one sorted set {prefix}exp of "userId:connectionId" scored by expiry,
 * which lets any instance find expired connections without scanning keys.
 * Every change is one Lua script, so that two instances never both see a
 * member's last connection go away. Times come from the caller's clock.
 *
 * The scripts build their keys from the prefix: this runs on a standalone
 * Redis (or one primary), as the pub/sub bus does, not on Redis Cluster.
 */
import { createHash } from "node:crypto";
import { Redis } from "ioredis";
import { activityContextSchema, type ActivityContext } from "./presence.schema.ts";
import { contextKey, gameDepartureTtlMs, gameKeysOf, unchanged, type GameAttendance, type LivePresence, type PresenceChange, type PresenceStore, type StoredActivity, type WentOffline } from "./presence.store.server.ts";

export interface RedisPresenceStoreOptions {
  /** Shown in CLIENT LIST as `<name>:presence`. */
  readonly name?: string;
  /** Key prefix; tests use a unique one. Default "ks:presence:". */
  readonly keyPrefix?: string;
  /** Idle member keys disappear after this long (only if no instance sweeps). Default one day. */
  readonly keyTtlMs?: number;
  /** How long the approximate last-seen time of a crash is kept. Default 30 days. */
  readonly markerTtlMs?: number;
  /** Expired connections handled per sweep. Default 1000. */
  readonly sweepBatch?: number;
}

const prelude = `
local prefix = ARGV[1]
local keyTtl = tonumber(ARGV[2])
local zset = prefix .. 'exp'
local function keysOf(uid)
  return { conns = prefix .. 'c:' .. uid, acts = prefix .. 'a:' .. uid, since = prefix .. 's:' .. uid, marker = prefix .. 'm:' .. uid, left = prefix .. 'g:' .. uid }
end
-- The game keys ("source:id") a stored activity ("since|context JSON") or a bare context JSON declares.
local function gameKeys(text)
  local keys = {}
  if not text or text == '' then return keys end
  local bar = string.find(text, '|', 1, true)
  if bar and string.sub(text, 1, 1) ~= '{' then text = string.sub(text, bar + 1) end
  local ok, context = pcall(cjson.decode, text)
  if not ok or type(context) ~= 'table' or type(context.games) ~= 'table' then return keys end
  for _, game in ipairs(context.games) do
    if type(game) == 'table' and game.source and game.id then table.insert(keys, tostring(game.source) .. ':' .. tostring(game.id)) end
  end
  return keys
end
-- The games an ending activity declared (less those still declared) stopped being attended at 'at'.
local function departed(k, activity, at, stillDeclared)
  if not at then return end
  local keys = gameKeys(activity)
  if #keys == 0 then return end
  local kept = {}
  for _, key in ipairs(gameKeys(stillDeclared)) do kept[key] = true end
  local oldest = tonumber(at) - keyTtl
  local all = redis.call('HGETALL', k.left)
  for i = 1, #all, 2 do
    if tonumber(all[i + 1]) <= oldest then redis.call('HDEL', k.left, all[i]) end
  end
  for _, key in ipairs(keys) do
    if not kept[key] and tonumber(at) > tonumber(redis.call('HGET', k.left, key) or '0') then redis.call('HSET', k.left, key, at) end
  end
  redis.call('PEXPIRE', k.left, keyTtl)
end
local function parse(value)
  if not value then return nil end
  local e, r, c = string.match(value, '^(%d+)|(%d+)|(%d*)$')
  if not e then return nil end
  return { e = e, r = r, c = c }
end
local function encode(x) return x.e .. '|' .. x.r .. '|' .. x.c end
local function touch(k)
  redis.call('PEXPIRE', k.conns, keyTtl)
  redis.call('PEXPIRE', k.acts, keyTtl)
  redis.call('PEXPIRE', k.since, keyTtl)
end
local function dropConnection(k, uid, conn, at)
  redis.call('HDEL', k.conns, conn)
  redis.call('ZREM', zset, uid .. ':' .. conn)
  departed(k, redis.call('HGET', k.acts, conn), at, '')
  return redis.call('HDEL', k.acts, conn)
end
local function liveCount(k, now, except)
  local live = 0
  local all = redis.call('HGETALL', k.conns)
  for i = 1, #all, 2 do
    local x = parse(all[i + 1])
    if all[i] ~= except and x and tonumber(x.e) > now then live = live + 1 end
  end
  return live
end
local function purgeExpired(k, uid, now, except)
  local all = redis.call('HGETALL', k.conns)
  for i = 1, #all, 2 do
    local x = parse(all[i + 1])
    if all[i] ~= except and not (x and tonumber(x.e) > now) then dropConnection(k, uid, all[i], x and x.r) end
  end
end
local function addConnection(uid, conn, nowText, expiresText)
  local k = keysOf(uid)
  local now = tonumber(nowText)
  purgeExpired(k, uid, now, conn)
  local cameOnline = liveCount(k, now, conn) == 0
  redis.call('HSET', k.conns, conn, expiresText .. '|' .. nowText .. '|')
  redis.call('ZADD', zset, expiresText, uid .. ':' .. conn)
  if cameOnline then
    redis.call('SET', k.since, nowText)
    redis.call('DEL', k.marker)
  end
  touch(k)
  if cameOnline then return 1 end
  return 0
end
`;

/** ARGV: prefix, keyTtl, uid, conn, now, expiresAt -> 1 when the member came online. */
const connectScript = `${prelude}
return addConnection(ARGV[3], ARGV[4], ARGV[5], ARGV[6])`;

/** ARGV: prefix, keyTtl, uid, conn, now, graceUntil -> 1 when an activity ended. */
const disconnectScript = `${prelude}
local uid, conn = ARGV[3], ARGV[4]
local k = keysOf(uid)
local x = parse(redis.call('HGET', k.conns, conn))
if not x or x.c ~= '' then return 0 end
x.c = ARGV[5]
x.e = ARGV[6]
redis.call('HSET', k.conns, conn, encode(x))
redis.call('ZADD', zset, ARGV[6], uid .. ':' .. conn)
departed(k, redis.call('HGET', k.acts, conn), ARGV[5], '')
return redis.call('HDEL', k.acts, conn)`;

/** ARGV: prefix, keyTtl, uid, conn, now -> { found, hadActivity, lastSeenAt or '' when others stay live }. */
const removeScript = `${prelude}
local uid, conn = ARGV[3], ARGV[4]
local now = tonumber(ARGV[5])
local k = keysOf(uid)
local x = parse(redis.call('HGET', k.conns, conn))
if not x then
  dropConnection(k, uid, conn, ARGV[5])
  return { 0, 0, '' }
end
local hadActivity = dropConnection(k, uid, conn, ARGV[5])
if liveCount(k, now, nil) > 0 then return { 1, hadActivity, '' } end
purgeExpired(k, uid, now, nil)
redis.call('DEL', k.conns, k.acts, k.since, k.marker)
if x.c ~= '' then return { 1, hadActivity, x.c } end
return { 1, hadActivity, ARGV[5] }`;

/** ARGV: prefix, keyTtl, uid, conn, now, context JSON ('' for none) -> { applied, changed }. */
const setActivityScript = `${prelude}
local uid, conn, json = ARGV[3], ARGV[4], ARGV[6]
local k = keysOf(uid)
local x = parse(redis.call('HGET', k.conns, conn))
if not x or x.c ~= '' or tonumber(x.e) <= tonumber(ARGV[5]) then return { 0, 0 } end
local old = redis.call('HGET', k.acts, conn)
local oldJson = ''
if old then oldJson = string.sub(old, (string.find(old, '|', 1, true) or 0) + 1) end
if oldJson == json then return { 1, 0 } end
departed(k, old, ARGV[5], json)
if json == '' then
  redis.call('HDEL', k.acts, conn)
else
  redis.call('HSET', k.acts, conn, ARGV[5] .. '|' .. json)
  redis.call('PEXPIRE', k.acts, keyTtl)
end
return { 1, 1 }`;

/** ARGV: prefix, keyTtl, now, expiresAt, then uid, conn pairs -> uids that came back online. */
const refreshScript = `${prelude}
local nowText, expiresText = ARGV[3], ARGV[4]
local back = {}
for i = 5, #ARGV, 2 do
  local uid, conn = ARGV[i], ARGV[i + 1]
  local k = keysOf(uid)
  local x = parse(redis.call('HGET', k.conns, conn))
  if not x then
    if addConnection(uid, conn, nowText, expiresText) == 1 then table.insert(back, uid) end
  elseif x.c == '' then
    x.e = expiresText
    x.r = nowText
    redis.call('HSET', k.conns, conn, encode(x))
    redis.call('ZADD', zset, expiresText, uid .. ':' .. conn)
    touch(k)
  end
end
return back`;

/**
 * ARGV: prefix, keyTtl, now, limit, markerTtl -> flat list of
 * { uid, wentOffline (0/1), lastSeenAt or '', uncertain (0/1) } per member changed.
 */
const sweepScript = `${prelude}
local nowText = ARGV[3]
local now = tonumber(nowText)
local due = redis.call('ZRANGEBYSCORE', zset, '-inf', nowText, 'LIMIT', 0, tonumber(ARGV[4]))
local order, byUser = {}, {}
for _, m in ipairs(due) do
  local uid, conn = string.match(m, '^(%d+):(.+)$')
  if not uid then
    redis.call('ZREM', zset, m)
  else
    if not byUser[uid] then
      byUser[uid] = {}
      table.insert(order, uid)
    end
    table.insert(byUser[uid], conn)
  end
end
local out = {}
for _, uid in ipairs(order) do
  local k = keysOf(uid)
  local all = redis.call('HGETALL', k.conns)
  local removed, hadActivity, remaining = 0, 0, 0
  local lastAt, lastUncertain = nil, 1
  for i = 1, #all, 2 do
    local conn = all[i]
    local x = parse(all[i + 1])
    if x and tonumber(x.e) > now then
      remaining = remaining + 1
    else
      local endedAt = nil
      if x then
        endedAt = x.r
        if x.c ~= '' then endedAt = x.c end
      end
      hadActivity = hadActivity + dropConnection(k, uid, conn, endedAt)
      removed = removed + 1
      if x then
        local at = x.r
        local uncertain = 1
        if x.c ~= '' then at = x.c; uncertain = 0 end
        if not lastAt or tonumber(at) > tonumber(lastAt) then lastAt = at; lastUncertain = uncertain end
      end
    end
  end
  for _, conn in ipairs(byUser[uid]) do
    if redis.call('HEXISTS', k.conns, conn) == 0 then redis.call('ZREM', zset, uid .. ':' .. conn) end
  end
  if removed > 0 and remaining == 0 then
    if not lastAt then lastAt = nowText end
    redis.call('DEL', k.since)
    if lastUncertain == 1 then redis.call('SET', k.marker, lastAt, 'PX', tonumber(ARGV[5])) else redis.call('DEL', k.marker) end
    table.insert(out, uid); table.insert(out, 1); table.insert(out, lastAt); table.insert(out, lastUncertain)
  elseif removed > 0 and hadActivity > 0 then
    table.insert(out, uid); table.insert(out, 0); table.insert(out, ''); table.insert(out, 0)
  end
end
return out`;

interface Script {
  readonly lua: string;
  readonly sha: string;
}

function script(lua: string): Script {
  return { lua, sha: createHash("sha1").update(lua).digest("hex") };
}

const scripts = {
  connect: script(connectScript),
  disconnect: script(disconnectScript),
  remove: script(removeScript),
  setActivity: script(setActivityScript),
  refresh: script(refreshScript),
  sweep: script(sweepScript),
};

// ---------------------------------------------------------------------------
// Reading replies (a reply is data from outside: checked, never cast)

function replyArray(reply: unknown): unknown[] {
  if (!Array.isArray(reply)) throw new Error("unexpected Redis reply: not an array");
  return reply;
}

function replyNumber(reply: unknown): number {
  if (typeof reply === "number") return reply;
  if (typeof reply === "string" && /^-?\d+$/.test(reply)) return Number(reply);
  throw new Error(`unexpected Redis reply: ${String(reply)}`);
}

function replyText(reply: unknown): string {
  if (typeof reply === "string") return reply;
  if (typeof reply === "number") return String(reply);
  throw new Error(`unexpected Redis reply: ${String(reply)}`);
}

function replyRecord(reply: unknown): Record<string, string> {
  if (reply === null || typeof reply !== "object" || Array.isArray(reply)) throw new Error("unexpected Redis reply: not a hash");
  const record: Record<string, string> = {};
  for (const [key, value] of Object.entries(reply)) if (typeof value === "string") record[key] = value;
  return record;
}

interface ConnectionValue {
  readonly expiresAt: number;
  readonly refreshedAt: number;
  readonly closedAt: number | null;
}

function parseConnection(value: string): ConnectionValue | null {
  const match = /^(\d+)\|(\d+)\|(\d*)$/.exec(value);
  if (!match) return null;
  return { expiresAt: Number(match[1]), refreshedAt: Number(match[2]), closedAt: match[3] ? Number(match[3]) : null };
}

function parseActivity(value: string): StoredActivity | null {
  const separator = value.indexOf("|");
  if (separator < 0) return null;
  let json: unknown;
  try {
    json = JSON.parse(value.slice(separator + 1));
  } catch {
    return null;
  }
  const context = activityContextSchema.safeParse(json);
  const since = Number(value.slice(0, separator));
  return context.success && Number.isFinite(since) ? { context: context.data, since } : null;
}

const integer = (value: number): string => String(Math.floor(value));

export async function createRedisPresenceStore(url: string, options: RedisPresenceStoreOptions = {}): Promise<PresenceStore> {
  const prefix = options.keyPrefix ?? "ks:presence:";
  const keyTtl = integer(options.keyTtlMs ?? 24 * 60 * 60 * 1000);
  const markerTtl = integer(options.markerTtlMs ?? 30 * 24 * 60 * 60 * 1000);
  const sweepBatch = options.sweepBatch ?? 1000;
  const redis = new Redis(url, {
    lazyConnect: true,
    connectionName: `${options.name ?? `kingside-${process.pid}`}:presence`,
    maxRetriesPerRequest: 3,
  });
  // ioredis reconnects by itself; without a listener it prints "Unhandled error event".
  redis.on("error", () => {});
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error("Cannot connect to Redis for presence", { cause: error });
  }

  /** EVALSHA, loading the script on NOSCRIPT (first use, or after Redis restarted). */
  async function run(which: Script, args: readonly string[]): Promise<unknown> {
    const argv = [prefix, keyTtl, ...args];
    try {
      return await redis.evalsha(which.sha, 0, ...argv);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith("NOSCRIPT")) throw error;
      return redis.eval(which.lua, 0, ...argv);
    }
  }

  const key = (kind: "c" | "a" | "s" | "m" | "g", userId: number) => `${prefix}${kind}:${userId}`;

  return {
    kind: "redis",

    async connect({ userId, connectionId }, now, expiresAt) {
      const cameOnline = replyNumber(await run(scripts.connect, [String(userId), connectionId, integer(now), integer(expiresAt)])) === 1;
      return { userId, changed: cameOnline, wentOffline: null };
    },

    async disconnect({ userId, connectionId }, now, graceUntil) {
      const hadActivity = replyNumber(await run(scripts.disconnect, [String(userId), connectionId, integer(now), integer(graceUntil)])) === 1;
      return { userId, changed: hadActivity, wentOffline: null };
    },

    async remove({ userId, connectionId }, now) {
      const [found, hadActivity, lastSeenAt] = replyArray(await run(scripts.remove, [String(userId), connectionId, integer(now)]));
      if (replyNumber(found) === 0) return unchanged(userId);
      const at = replyText(lastSeenAt);
      if (at === "") return { userId, changed: replyNumber(hadActivity) === 1, wentOffline: null };
      return { userId, changed: true, wentOffline: { at: Number(at), uncertain: false } };
    },

    async setActivity({ userId, connectionId }, context: ActivityContext | null, now) {
      const [applied, changed] = replyArray(await run(scripts.setActivity, [String(userId), connectionId, integer(now), contextKey(context)]));
      return { userId, changed: replyNumber(changed) === 1, wentOffline: null, applied: replyNumber(applied) === 1 };
    },

    async refresh(connections, now, expiresAt) {
      const changes: PresenceChange[] = [];
      // Bounded scripts: a long one would hold up every other instance's commands.
      for (let start = 0; start < connections.length; start += 500) {
        const args = [integer(now), integer(expiresAt)];
        for (const { userId, connectionId } of connections.slice(start, start + 500)) args.push(String(userId), connectionId);
        for (const uid of replyArray(await run(scripts.refresh, args))) {
          changes.push({ userId: replyNumber(uid), changed: true, wentOffline: null });
        }
      }
      return changes;
    },

    async sweep(now) {
      const flat = replyArray(await run(scripts.sweep, [integer(now), String(sweepBatch), markerTtl]));
      const changes: PresenceChange[] = [];
      for (let index = 0; index + 3 < flat.length; index += 4) {
        const userId = replyNumber(flat[index]);
        const wentOffline = replyNumber(flat[index + 1]) === 1;
        changes.push({
          userId,
          changed: true,
          wentOffline: wentOffline ? { at: Number(replyText(flat[index + 2])), uncertain: replyNumber(flat[index + 3]) === 1 } : null,
        });
      }
      return changes;
    },

    async read(userIds, now) {
      const live = new Map<number, LivePresence>();
      const lastSeen = new Map<number, WentOffline>();
      if (userIds.length === 0) return { live, lastSeen };
      const pipeline = redis.pipeline();
      for (const userId of userIds) {
        pipeline.hgetall(key("c", userId));
        pipeline.hgetall(key("a", userId));
        pipeline.get(key("s", userId));
        pipeline.get(key("m", userId));
      }
      const results = (await pipeline.exec()) ?? [];
      const replies = results.map(([error, reply]) => {
        if (error) throw error;
        return reply;
      });
      userIds.forEach((userId, index) => {
        const connections = Object.entries(replyRecord(replies[index * 4]));
        const activities = replyRecord(replies[index * 4 + 1]);
        const since = replies[index * 4 + 2];
        const marker = replies[index * 4 + 3];
        const liveActivities: StoredActivity[] = [];
        let liveCount = 0;
        let pending: WentOffline | null = null;
        for (const [connectionId, raw] of connections) {
          const connection = parseConnection(raw);
          if (!connection) continue;
          if (connection.expiresAt > now) {
            liveCount += 1;
            const activity = activities[connectionId];
            const parsed = activity === undefined ? null : parseActivity(activity);
            if (parsed) liveActivities.push(parsed);
            continue;
          }
          const at = connection.closedAt ?? connection.refreshedAt;
          if (!pending || at > pending.at) pending = { at, uncertain: connection.closedAt === null };
        }
        if (liveCount > 0) {
          const onlineSince = typeof since === "string" && /^\d+$/.test(since) ? Number(since) : null;
          live.set(userId, { onlineSince, activities: liveActivities });
          return;
        }
        const known = typeof marker === "string" && /^\d+$/.test(marker) ? Number(marker) : undefined;
        if (pending && (known === undefined || pending.at >= known)) lastSeen.set(userId, pending);
        else if (known !== undefined) lastSeen.set(userId, { at: known, uncertain: true });
      });
      return { live, lastSeen };
    },

    async gameAttendance(userId, game, now): Promise<GameAttendance> {
      const results = (await redis.pipeline().hgetall(key("c", userId)).hgetall(key("a", userId)).hget(key("g", userId), game).exec()) ?? [];
      const [connections, activities, recorded] = results.map(([error, reply]) => {
        if (error) throw error;
        return reply;
      });
      const declaring = new Set(Object.entries(replyRecord(activities)).flatMap(([connectionId, raw]) => (gameKeysOf(parseActivity(raw)?.context ?? null).includes(game) ? [connectionId] : [])));
      let leftAt = typeof recorded === "string" && /^\d+$/.test(recorded) ? Number(recorded) : null;
      for (const [connectionId, raw] of Object.entries(replyRecord(connections))) {
        const connection = parseConnection(raw);
        if (!connection || !declaring.has(connectionId)) continue;
        if (connection.expiresAt > now) return { attending: true };
        // Expired, not swept yet: its instance died after its last heartbeat.
        leftAt = Math.max(leftAt ?? 0, connection.refreshedAt);
      }
      return { attending: false, leftAt: leftAt !== null && leftAt > now - gameDepartureTtlMs ? leftAt : null };
    },

    async dispose() {
      try {
        await redis.quit();
      } catch {
        redis.disconnect();
      }
    },
  };
}
