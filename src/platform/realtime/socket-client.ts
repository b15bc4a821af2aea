/**
 * The socket client for the browser (and for node tests): one connection,
 * many room subscriptions, automatic reconnect with jittered exponential
 * backoff capped low (a page is back within about a second of the server
 * answering; `reconnectNow` skips the wait when the browser says the network
 * is back), every room re-subscribed after a reconnect, and commands answered
 * by an ack or a refusal. A command made while the connection is down waits
 * for it: it is sent on the reconnect, and its timeout only runs while the
 * connection is up.
 *
 * Events published while a client was away are not replayed: pass
 * `onSubscribed` to reload state each time a subscription is (re)confirmed,
 * or, for an ordered stream whose events carry a version, `refetch`, called
 * on a reconnect and on a gap in the versions.
 */
import { fail, ok } from "../../shared/result.ts";
import {
  encodeMessage,
  parseServerMessage,
  type ClientMessage,
  type EventCatalog,
  type RealtimeEvent,
  type RoomName,
  type ServerMessageMap,
} from "./protocol.ts";
import type { CommandCall, CommandMap, CommandResult, RegisteredCommands } from "./socket-commands.ts";
import { versionStep } from "./version-gap.ts";

/** Method syntax makes the parameter bivariant, so both the DOM's and ws's sockets fit. */
type Listener<E> = { bivarianceHack(event: E): void }["bivarianceHack"];

/** The part of the WebSocket API the client uses: the DOM's WebSocket and ws's both have it. */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: Listener<unknown> | null;
  onclose: Listener<unknown> | null;
  onerror: Listener<unknown> | null;
  onmessage: Listener<{ readonly data: unknown }> | null;
}

export type WebSocketConstructor = new (url: string) => WebSocketLike;

export type SocketStatus = "connecting" | "open" | "closed";

/**
 * What a page may trust: `down` once a connection was lost (or the first one
 * failed) until one is open again; a page still making its first connection is
 * `up`, since what the server rendered is fresh.
 */
export type ConnectionState = "up" | "down";

export interface ReconnectOptions {
  /** First retry delay. Default 200 ms. */
  readonly initialDelayMs?: number;
  /** Cap of the delay. Default 1 s: with the jitter, a client tries every 0.5–1 s while the server is away (decision 0059). */
  readonly maxDelayMs?: number;
  /** Growth per failed attempt. Default 2. */
  readonly factor?: number;
  /** Fraction of the delay taken off at random, so that clients dropped together do not return together. Default 0.5. */
  readonly jitter?: number;
}

export interface SocketClientOptions {
  /** ws:// or wss:// URL of /ws. */
  readonly url: string;
  /** Defaults to the global WebSocket (browsers; node 22+). Node 20 tests pass ws's WebSocket. */
  readonly WebSocketImpl?: WebSocketConstructor;
  readonly reconnect?: ReconnectOptions;
  /**
   * Interval of application-level pings. Browsers cannot see ws ping frames, so
   * this is how the client notices a half-open connection: nothing heard for
   * two intervals means reconnect. Default 20 s.
   */
  readonly pingIntervalMs?: number;
  readonly onStatus?: (status: SocketStatus) => void;
  /** Protocol errors from the server (a refused room, a bad message). */
  readonly onError?: (error: ServerMessageMap["error"]) => void;
  /**
   * The registered events (createEventCatalog, for node tests): when given,
   * events of other types or with malformed payloads are dropped. The browser
   * passes none: the hub checked every event before it forwarded it.
   */
  readonly events?: EventCatalog;
  /** How long a command waits for its answer while connected (the clock stops while the connection is down; resent after each reconnect). Default 10 s. */
  readonly commandTimeoutMs?: number;
}

export type { CommandRefusalCode, CommandResult } from "./socket-commands.ts";

export type RealtimeEventHandler = (event: RealtimeEvent) => void;

export interface SubscribeOptions {
  /** Called each time the server confirms the room, including after every reconnect. */
  readonly onSubscribed?: () => void;
  /**
   * For an ordered stream (events with a `version`): reload the snapshot. Called
   * when the room is confirmed again after a reconnect and when a version is
   * skipped (the event after the gap is not handed over: the snapshot covers it).
   */
  readonly refetch?: () => void;
}

/** `Commands`: the application's registered commands; a test of made-up commands passes `CommandMap` (any name, unknown answers). */
export interface SocketClient<Commands extends CommandMap = RegisteredCommands> {
  readonly status: SocketStatus;
  readonly connection: ConnectionState;
  /** Calls `listener` on each change of `connection`; returns the matching stop. */
  watchConnection(listener: () => void): () => void;
  /** Retries at once if the connection is down and waiting for its next attempt (the browser's `online`, a page shown again). */
  reconnectNow(): void;
  /** Returns the matching unsubscribe. */
  subscribe(room: RoomName, handler: RealtimeEventHandler, options?: SubscribeOptions): () => void;
  /**
   * Sends a command; resolves with the ack's result or a refusal, never rejects.
   * The request id stays the same when it is resent after a reconnect, so the
   * server can answer a repeat without doing the work twice.
   */
  command: CommandCall<Commands>;
  close(): void;
}

interface Subscription {
  readonly handler: RealtimeEventHandler;
  readonly onSubscribed: (() => void) | undefined;
  readonly refetch: (() => void) | undefined;
}

interface PendingCommand {
  readonly frame: Extract<ClientMessage, { type: "command" }>;
  readonly settle: (result: CommandResult<unknown>) => void;
  /** The answer's deadline, running only while the command is out on an open connection. */
  timer: ReturnType<typeof setTimeout> | undefined;
}

/** A prefix per client and page load, so that ids never repeat across reloads. */
function clientIdPrefix(): string {
  return globalThis.crypto?.randomUUID?.().slice(0, 8) ?? Math.random().toString(36).slice(2, 10);
}

const socketOpen = 1;

/** Delay before reconnect attempt number `attempt` (0-based). Exported for tests. */
export function backoffDelay(attempt: number, options: ReconnectOptions = {}, random: () => number = Math.random): number {
  const initial = options.initialDelayMs ?? 200;
  const max = options.maxDelayMs ?? 1_000;
  const factor = options.factor ?? 2;
  const jitter = Math.min(Math.max(options.jitter ?? 0.5, 0), 1);
  const delay = Math.min(max, initial * factor ** attempt);
  return Math.round(delay * (1 - jitter * random()));
}

function resolveWebSocket(given: WebSocketConstructor | undefined): WebSocketConstructor {
  // The DOM typings claim WebSocket always exists; node 20 says otherwise.
  const found: WebSocketConstructor | undefined = given ?? globalThis.WebSocket;
  if (!found) throw new Error("No WebSocket implementation: pass WebSocketImpl (ws's WebSocket on node 20).");
  return found;
}

export function createSocketClient<Commands extends CommandMap = RegisteredCommands>(options: SocketClientOptions): SocketClient<Commands> {
  const WebSocketImpl = resolveWebSocket(options.WebSocketImpl);
  const pingIntervalMs = options.pingIntervalMs ?? 20_000;
  const commandTimeoutMs = options.commandTimeoutMs ?? 10_000;
  const catalog: EventCatalog | undefined = options.events;

  const subscriptions = new Map<RoomName, Set<Subscription>>();
  /** Rooms the server has confirmed on the current connection. */
  const confirmedRooms = new Set<RoomName>();
  /** Rooms confirmed at least once: a later confirmation follows a reconnect. */
  const everConfirmedRooms = new Set<RoomName>();
  /** Last version seen per room of an ordered stream, on the current connection. */
  const lastVersions = new Map<RoomName, number>();
  const pendingCommands = new Map<string, PendingCommand>();
  const idPrefix = clientIdPrefix();
  let commandCounter = 0;
  let socket: WebSocketLike | undefined;
  let status: SocketStatus = "closed";
  let attempt = 0;
  let lastHeardAt = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let stopped = false;
  /** A connection was lost (or never made) since the last open one. */
  let lost = false;
  const connectionListeners = new Set<() => void>();

  const connectionState = (): ConnectionState => (status !== "open" && lost ? "down" : "up");

  function setStatus(next: SocketStatus): void {
    if (status === next) return;
    const before = connectionState();
    status = next;
    if (next === "open") lost = false;
    if (next === "closed") lost = true;
    options.onStatus?.(next);
    if (connectionState() !== before) for (const listener of [...connectionListeners]) listener();
  }

  function send(message: ClientMessage): boolean {
    if (socket?.readyState !== socketOpen) return false;
    socket.send(encodeMessage(message));
    return true;
  }

  /** Sends a command if the connection is open and starts its deadline; otherwise the next open sends it. */
  function sendCommand(id: string, pending: PendingCommand): void {
    if (!send(pending.frame)) return;
    clearTimeout(pending.timer);
    pending.timer = setTimeout(() => settleCommand(id, fail("timeout")), commandTimeoutMs);
  }

  function connect(): void {
    reconnectTimer = undefined;
    setStatus("connecting");
    const current = new WebSocketImpl(options.url);
    socket = current;
    current.onopen = () => {
      lastHeardAt = Date.now();
      setStatus("open");
      for (const room of subscriptions.keys()) send({ type: "subscribe", data: { room } });
      for (const [id, pending] of pendingCommands) sendCommand(id, pending);
      pingTimer = setInterval(checkAlive, pingIntervalMs);
    };
    current.onmessage = (event) => {
      lastHeardAt = Date.now();
      if (typeof event.data === "string") handleMessage(event.data);
    };
    // An error is always followed by close; reconnecting happens there.
    current.onerror = () => {};
    current.onclose = () => {
      if (socket === current) dropConnection();
    };
  }

  function checkAlive(): void {
    if (Date.now() - lastHeardAt > 2 * pingIntervalMs) {
      // Half-open: a close handshake would never complete, so do not wait for one.
      dropConnection();
      return;
    }
    send({ type: "ping", data: { t: Date.now() } });
  }

  /** Forgets the current socket and schedules the next attempt. */
  function dropConnection(): void {
    const previous = socket;
    socket = undefined;
    if (previous) {
      previous.onopen = previous.onmessage = previous.onclose = null;
      // Keep an error listener: ws emits 'error' on a socket closed while connecting.
      previous.onerror = () => {};
      if (previous.readyState <= socketOpen) previous.close(1000);
    }
    clearInterval(pingTimer);
    pingTimer = undefined;
    // Commands out on the lost connection wait for the next one, without a deadline meanwhile.
    for (const pending of pendingCommands.values()) {
      clearTimeout(pending.timer);
      pending.timer = undefined;
    }
    confirmedRooms.clear();
    lastVersions.clear();
    setStatus("closed");
    if (stopped) return;
    reconnectTimer = setTimeout(connect, backoffDelay(attempt, options.reconnect));
    attempt += 1;
  }

  function handleMessage(raw: string): void {
    const message = parseServerMessage(raw, catalog);
    if (!message) return;
    switch (message.type) {
      case "hello":
        // A working connection, not just an open one, resets the backoff.
        attempt = 0;
        return;
      case "subscribed": {
        const room = message.data.room;
        if (!subscriptions.has(room)) return;
        confirmedRooms.add(room);
        const again = everConfirmedRooms.has(room);
        everConfirmedRooms.add(room);
        for (const subscription of [...(subscriptions.get(room) ?? [])]) {
          subscription.onSubscribed?.();
          if (again) subscription.refetch?.();
        }
        return;
      }
      case "event":
        handleEvent(message.data);
        return;
      case "ack":
        settleCommand(message.data.id, ok(message.data.result));
        return;
      case "refusal":
        settleCommand(message.data.id, fail(message.data.code, message.data.values));
        return;
      case "error":
        options.onError?.(message.data);
        return;
      case "pong":
        return;
    }
  }

  function handleEvent(event: RealtimeEvent): void {
    const room = event.room;
    const listeners = [...(subscriptions.get(room) ?? [])];
    if (event.version !== undefined) {
      const last = lastVersions.get(room);
      const step = last === undefined ? "next" : versionStep(last, event.version);
      // A repeat or an older event: the state already has it.
      if (step === "repeat") return;
      lastVersions.set(room, event.version);
      if (step === "gap") {
        for (const subscription of listeners) subscription.refetch?.();
        return;
      }
    }
    for (const subscription of listeners) subscription.handler(event);
  }

  function settleCommand(id: string, result: CommandResult<unknown>): void {
    const pending = pendingCommands.get(id);
    if (!pending) return;
    pendingCommands.delete(id);
    clearTimeout(pending.timer);
    pending.settle(result);
  }

  connect();

  return {
    get status() {
      return status;
    },
    get connection() {
      return connectionState();
    },
    watchConnection(listener) {
      connectionListeners.add(listener);
      return () => connectionListeners.delete(listener);
    },
    reconnectNow() {
      if (stopped || reconnectTimer === undefined) return;
      clearTimeout(reconnectTimer);
      connect();
    },
    subscribe(room, handler, subscribeOptions = {}) {
      const subscription: Subscription = { handler, onSubscribed: subscribeOptions.onSubscribed, refetch: subscribeOptions.refetch };
      const existing = subscriptions.get(room);
      if (existing) {
        existing.add(subscription);
        if (confirmedRooms.has(room)) subscription.onSubscribed?.();
      } else {
        subscriptions.set(room, new Set([subscription]));
        send({ type: "subscribe", data: { room } });
      }
      return () => {
        const current = subscriptions.get(room);
        if (!current?.delete(subscription) || current.size > 0) return;
        subscriptions.delete(room);
        confirmedRooms.delete(room);
        everConfirmedRooms.delete(room);
        lastVersions.delete(room);
        send({ type: "unsubscribe", data: { room } });
      };
    },
    command<Name extends keyof Commands & string>(name: Name, input: Commands[Name]["input"]) {
      type Answer = CommandResult<Commands[Name]["answer"], Commands[Name]["refusal"]>;
      if (stopped) return Promise.resolve<Answer>(fail("closed"));
      commandCounter += 1;
      const id = `${idPrefix}-${commandCounter}`;
      const frame: PendingCommand["frame"] = { type: "command", data: { id, name, input } };
      return new Promise<Answer>((resolve) => {
        const pending: PendingCommand = {
          frame,
          timer: undefined,
          settle: (result) => {
            // Where an answer gets its type, unchecked: the ack carries what the command's handler answered and the
            // refusal one of its codes or the platform's (the definitions Commands is read from; the browser checks
            // no schema, decision 0028), or the client's own timeout or closed.
            resolve(result);
          },
        };
        pendingCommands.set(id, pending);
        // Sent now when open; otherwise on the next open.
        sendCommand(id, pending);
      });
    },
    close() {
      stopped = true;
      clearTimeout(reconnectTimer);
      dropConnection();
      for (const id of [...pendingCommands.keys()]) settleCommand(id, fail("closed"));
    },
  };
}
