/**
 * What online play needs from the rest of the site, as interfaces the
 * composition root fills: members come from the accounts member directory,
 * blocks from the social feature, and events leave through the outbox in the
 * transaction of the change they announce.
 */
import type { Database } from "../../platform/db/client.server.ts";
import type { NotificationLimitRefusal, NotificationPermit } from "../../platform/notifications/notification-recorder.ts";
import type { Result } from "../../shared/result.ts";
import type { DomainEventType } from "../../platform/domain-events/domain-events.server.ts";
import type { GameMoveEvent, GameStateEvent, SeekView } from "./play.schema.ts";

export interface PlayMember {
  readonly id: number;
  readonly username: string;
  /** The spec's level: 0 is a guest. */
  readonly level: number;
}

export interface PlayMembers {
  /** A member by username (any case); `available` is false for closed or disabled accounts. */
  findByUsername(username: string): Promise<(PlayMember & { readonly available: boolean }) | null>;
  usernamesByIds(ids: readonly number[]): Promise<ReadonlyMap<number, string>>;
  /** Usernames with the flair each name shows (null: none), decided by accounts: the game page's player bars and chat. */
  namesWithFlairByIds(ids: readonly number[]): Promise<ReadonlyMap<number, { readonly username: string; readonly flairCode: string | null }>>;
  /** Membership levels by member id (vacation allowances). */
  levelsByIds(ids: readonly number[]): Promise<ReadonlyMap<number, number>>;
  /** Has either member blocked the other? */
  blockedEitherWay(a: number, b: number): Promise<boolean>;
}

/** An event for one member's private room (`user:{id}`). */
export type MemberPlayEvent =
  /** `permit`: the challenger's leave to send the challenged member this notice (admitNotice). */
  | { readonly type: "challenge.received"; readonly memberId: number; readonly payload: { readonly id: number; readonly from: string }; readonly permit: NotificationPermit }
  | { readonly type: "challenge.accepted"; readonly memberId: number; readonly payload: { readonly id: number; readonly by: string; readonly gameId: number } }
  | { readonly type: "challenge.declined" | "challenge.cancelled"; readonly memberId: number; readonly payload: { readonly id: number; readonly by: string } }
  /** The challenged member answered (accepted or declined) wherever they did: no socket event, their notice of it is settled. */
  | { readonly type: "challenge.answered"; readonly memberId: number; readonly payload: { readonly id: number } }
  | { readonly type: "seek.paired"; readonly memberId: number; readonly payload: { readonly id: number; readonly gameId: number } }
  | { readonly type: "game.started" | "game.ended"; readonly memberId: number; readonly payload: { readonly gameId: number } }
  | { readonly type: "game.your_move"; readonly memberId: number; readonly payload: { readonly gameId: number; readonly by: string } };

/** A lobby event (the `lobby` room every visitor of /play/online/new may join). */
export type LobbyPlayEvent =
  | { readonly type: "seek.added"; readonly payload: SeekView }
  | { readonly type: "seek.removed"; readonly payload: { readonly id: number } };

/** An event of a game's ordered stream (the `game:{id}` room); `version` lets a client see a gap and refetch. */
export type GamePlayEvent =
  | { readonly type: "game.move"; readonly gameId: number; readonly payload: GameMoveEvent }
  | { readonly type: "game.state"; readonly gameId: number; readonly payload: GameStateEvent };

export type PlayEvent = MemberPlayEvent | LobbyPlayEvent | GamePlayEvent;

/** Play's events leave through the outbox: written in the change's transaction, relayed once it commits. */
export interface PlayEventSink {
  /**
   * Counts a notice one member sends another unasked (a challenge) against
   * the sender's limits, in the change's transaction and before it writes
   * anything: refused past them (decision 0042).
   */
  admitNotice(tx: Database, senderId: number, recipientId: number): Promise<Result<NotificationPermit, NotificationLimitRefusal>>;
  enqueue(tx: Database, event: PlayEvent): Promise<void>;
  /** A domain event for other features (play.domain-events.server.ts), in the transaction; handed to its subscribers after the commit. */
  publishDomain<Payload>(tx: Database, eventType: DomainEventType<Payload>, payload: NoInfer<Payload>): Promise<void>;
  /** Called after a transaction that enqueued events committed (that transaction's handle), so they leave at once. */
  committed(tx?: Database): void;
  /**
   * Game events that the move batch wrote into the outbox in its own
   * statement (move-batch.server.ts), told once that statement committed,
   * with their outbox ids: published at once, in the order given.
   */
  publishCommitted(events: readonly { readonly outboxId: number; readonly event: GamePlayEvent }[]): void;
}

/**
 * Who is online now, on any instance (presence, through the composition
 * root's port): a live seek lasts only while its member is there, which a
 * socket's close cannot tell when the instance holding it died.
 */
export interface PlayPresence {
  onlineAmong(memberIds: readonly number[]): Promise<ReadonlySet<number>>;
}

declare module "../../platform/composition/ports.ts" {
  interface Ports {
    playerPresence: PlayPresence;
  }
}

/** Runs `work` in a transaction and, once it committed, tells the sink, so the events it enqueued leave at once. */
export function transactionsWithEvents(db: Database, events: PlayEventSink) {
  return async function inTransaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
    let handle: Database | undefined;
    const result = await db.transaction((tx) => {
      handle = tx;
      return work(tx);
    });
    events.committed(handle);
    return result;
  };
}
