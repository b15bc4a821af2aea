/**
 * Online play's socket commands: moves and the other game actions, seeks and
 * challenges. Each answers an ack with its value or a refusal with the
 * service's error code; the services enforce who may do what.
 */
import { z } from "zod";
import { fail, ok } from "../../shared/result.ts";
import { defineSocketCommand } from "../../platform/realtime/registry.ts";
import type { SocketIdentity } from "../../platform/realtime/socket-identity.ts";
import type { ChallengesService } from "./lobby/challenges.service.server.ts";
import type { GamesService } from "./games/games.service.server.ts";
import type { PlayMember } from "./play-ports.server.ts";
import { challengeInputSchema, gameMoveInputSchema, seekInputSchema } from "./play.schema.ts";
import type { SeeksService } from "./lobby/seeks.service.server.ts";
import type { VacationsService } from "./games/vacations.service.server.ts";

const signedIn = (identity: SocketIdentity): boolean => identity.memberId !== null;

function memberOf(identity: SocketIdentity): PlayMember {
  if (identity.memberId === null) throw new Error("access rule let an anonymous socket through");
  return { id: identity.memberId, username: identity.username ?? "", level: identity.level };
}

/** The most a client may report (an older client still sends its own figure). */
const MAX_REPORTED_LAG_MS = 5_000;

/**
 * The network lag a move is compensated for: the server's own measure of the
 * socket (ping round trips, smoothed). A client's report is never trusted
 * above it; it may only lower it. Before the first round trip: none.
 */
export function compensatedLagMs(measuredMs: number | undefined, reportedMs: number | undefined): number {
  if (measuredMs === undefined) return 0;
  return reportedMs === undefined ? measuredMs : Math.min(measuredMs, reportedMs);
}

const gameActions = ["resign", "abort", "draw.offer", "draw.accept", "draw.decline", "claim.win", "claim.draw", "rematch.offer", "rematch.decline", "takeback.offer", "takeback.accept", "takeback.decline"] as const;
const idInput = z.strictObject({ id: z.int().positive() });

/** Vacation is taken in whole days, at most a cap no allowance exceeds. */
const MAX_VACATION_DAYS = 60;

/** The definitions keep their literal types (no wider annotation): the browser's command map is read off them (decision 0053). */
export function playSocketCommands(services: { games: GamesService; seeks: SeeksService; challenges: ChallengesService; vacations: VacationsService }) {
  const { games, seeks, challenges, vacations } = services;
  return [
    defineSocketCommand({
      name: "game.move",
      input: gameMoveInputSchema.extend({ lag: z.int().min(0).max(MAX_REPORTED_LAG_MS).optional() }),
      access: signedIn,
      handle: ({ lag, ...move }, context) => games.move(memberOf(context.identity), move, { receivedAt: context.receivedAt, lagMs: compensatedLagMs(context.lagMs, lag) }),
    }),
    defineSocketCommand({
      name: "game.act",
      input: z.strictObject({ gameId: z.int().positive(), action: z.enum(gameActions) }),
      access: signedIn,
      handle: ({ gameId, action }, context) => games.act(memberOf(context.identity), gameId, action),
    }),
    defineSocketCommand({
      name: "seek.create",
      input: seekInputSchema,
      access: signedIn,
      handle: (input, context) => seeks.create(memberOf(context.identity), input),
    }),
    defineSocketCommand({
      name: "seek.quick",
      input: seekInputSchema,
      access: signedIn,
      handle: (input, context) => seeks.quickPair(memberOf(context.identity), input),
    }),
    defineSocketCommand({
      name: "seek.accept",
      input: idInput,
      access: signedIn,
      handle: ({ id }, context) => seeks.accept(memberOf(context.identity), id),
    }),
    defineSocketCommand({
      name: "seek.cancel",
      input: idInput,
      access: signedIn,
      handle: ({ id }, context) => seeks.cancel(memberOf(context.identity), id),
    }),
    defineSocketCommand({
      name: "challenge.create",
      input: challengeInputSchema,
      access: signedIn,
      handle: (input, context) => challenges.create(memberOf(context.identity), input),
    }),
    defineSocketCommand({
      name: "challenge.accept",
      input: idInput,
      access: signedIn,
      handle: ({ id }, context) => challenges.accept(memberOf(context.identity), id),
    }),
    defineSocketCommand({
      name: "challenge.decline",
      input: idInput,
      access: signedIn,
      handle: ({ id }, context) => challenges.decline(memberOf(context.identity), id),
    }),
    defineSocketCommand({
      name: "challenge.cancel",
      input: idInput,
      access: signedIn,
      handle: ({ id }, context) => challenges.cancel(memberOf(context.identity), id),
    }),
    defineSocketCommand({
      name: "challenge.list",
      input: z.strictObject({}),
      access: signedIn,
      handle: async (_input, context) => ok(await challenges.listOpen(memberOf(context.identity))),
    }),
    defineSocketCommand({
      // The lobby again, for a page whose socket reconnected (events sent meanwhile are not replayed).
      name: "seek.lobby",
      input: z.strictObject({}),
      access: () => true,
      handle: async () => ok(await seeks.lobby()),
    }),
    defineSocketCommand({
      // The header's list of the member's games in progress: asked by the browser, so pages render without it.
      name: "games.current",
      input: z.strictObject({}),
      access: signedIn,
      handle: async (_input, context) => ok(await games.inProgressOf(memberOf(context.identity).id)),
    }),
    defineSocketCommand({
      name: "vacation.status",
      input: z.strictObject({}),
      access: signedIn,
      handle: async (_input, context) => ok(await vacations.status(memberOf(context.identity))),
    }),
    defineSocketCommand({
      name: "vacation.start",
      input: z.strictObject({ days: z.int().min(1).max(MAX_VACATION_DAYS) }),
      access: signedIn,
      handle: ({ days }, context) => vacations.start(memberOf(context.identity), days),
    }),
    defineSocketCommand({
      name: "vacation.end",
      input: z.strictObject({}),
      access: signedIn,
      handle: (_input, context) => vacations.end(memberOf(context.identity)),
    }),
    defineSocketCommand({
      name: "game.snapshot",
      input: z.strictObject({ gameId: z.int().positive() }),
      access: () => true,
      handle: async ({ gameId }) => {
        const view = await games.view(gameId);
        return view ? ok(view) : fail("not_found");
      },
    }),
  ];
}

export type PlaySocketCommand = ReturnType<typeof playSocketCommands>[number];
