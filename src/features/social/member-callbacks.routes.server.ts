import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { FeatureFlags } from "../../platform/flags/feature-flags.ts";
import { AppError } from "../../platform/http/errors.ts";
import { requestLocale, translate } from "../../platform/http/json-errors.server.ts";
import { sendFailure } from "../../platform/http/form-response.server.ts";
import { createShortAnswerCache } from "../../platform/http/short-answer-cache.server.ts";
import { isLocale, supportedLocales } from "../../platform/i18n/locales.ts";
import { generateLink } from "../../platform/links/links.ts";
import type { PreferencesService } from "../accounts/preferences/preferences.service.server.ts";
import type { MemberDirectory } from "../accounts/member-directory.service.server.ts";
import type { FlairService } from "../accounts/flair/flair.service.server.ts";
import { defaultAvatarUrl } from "../accounts/current-user.ts";
import type { GameRecordSource } from "./game-records.port.ts";
import type { InviteLinks } from "./invite-link.server.ts";
import type { MemberItemsService } from "./member-items.service.server.ts";
import {
  ITEM_HASH_PATTERN,
  lifetimeScoreBodySchema,
  noteBodySchema,
  readableItems,
  SEARCH_MIN_LENGTH,
  setItemBodySchema,
  usernameParamSchema,
  type LifetimeScore,
} from "./social.schema.ts";
import { actorOf, parseUsername, sendResult } from "./social.routes.server.ts";
import type { SocialService } from "./social.service.server.ts";
import type { FollowsService } from "./follows.service.server.ts";
import type { FriendshipsService } from "./friendships.service.server.ts";
import type { UserCardService } from "./user-card.service.server.ts";

const FRIENDS_PAGE_SIZE = 50;
const NOTES_PAGE_SIZE = 20;
const SEARCH_LIMIT = 10;

const pageQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
const friendsQuerySchema = pageQuerySchema.extend({
  orderByFriendsFirst: z.enum(["0", "1"]).default("0"),
  avatarSize: z.coerce.number().int().min(16).max(200).default(50),
});

/**
 * A member's card as a visitor (no session) sees it is the same for every
 * visitor in a language, so it is kept this long per instance (decision
 * 0067); a signed-in viewer's card (friendship, block, note) is never kept.
 */
export const VISITOR_CARD_TTL_MS = 1_000;

/** A visitor's card is kept per member and language. */
function visitorCardKey(username: string, locale: string): string {
  return `${username.toLowerCase()}\n${locale}`;
}

/** How many recent opponents GET /callback/recent/opponents lists. */
const RECENT_OPPONENTS = 10;

export interface MemberCallbackDeps {
  readonly social: SocialService;
  readonly friendships: Pick<FriendshipsService, "friendsOf">;
  readonly follows: Pick<FollowsService, "followSuggestions" | "dismissSuggestion">;
  readonly items: MemberItemsService;
  readonly cards: UserCardService;
  readonly features: FeatureFlags;
  readonly invites: InviteLinks;
  /** The accounts feature's preferences: the reading language is a column of the member. */
  readonly preferences: Pick<PreferencesService, "setContentLanguage">;
  /** Lifetime scores and recent opponents, from online play through the game records port. */
  readonly games: Pick<GameRecordSource, "lifetimeScore" | "recentOpponents">;
  /** The accounts feature's members: recent opponents by id, the username search by prefix. */
  readonly directory: Pick<MemberDirectory, "membersByIds" | "searchByUsernamePrefix">;
  /** The accounts feature's flair: tells of each change, so the visitor's card is read again at once. */
  readonly flair: Pick<FlairService, "onChanged">;
  readonly now?: () => number;
}

/** The member read calls and small member writes of spec 000 §7 and 001 §7.2-7.4. */
export function registerMemberCallbackRoutes(app: FastifyInstance, deps: MemberCallbackDeps): void {
  const { social, friendships, follows, items, cards } = deps;

  // The JSON text of a visitor's card (null: no such member), by username and language.
  const visitorCards = createShortAnswerCache<string | null>({ ttlMs: VISITOR_CARD_TTL_MS, maxEntries: 2_000, now: deps.now });
  // A new flair shows on the next read here; other instances keep theirs for at most the TTL (decision 0069).
  deps.flair.onChanged((username) => {
    for (const locale of supportedLocales) visitorCards.forget(visitorCardKey(username, locale));
  });
  app.get("/callback/user/popup/:username", async (request, reply) => {
    const username = parseUsername(request, "username");
    const locale = requestLocale(request);
    const viewer = request.viewer.user.isLoggedIn && request.viewer.user.id !== null ? { id: request.viewer.user.id, level: request.viewer.user.membershipLevel } : null;
    const cardJson = async () => {
      const card = await cards.card(username, viewer, locale);
      return card ? JSON.stringify({ user: card }) : null;
    };
    // Anyone with a session (a guest, a member on the two-factor step) is asked afresh: only the sessionless answer is everyone's.
    const body = request.viewer.session === null ? await visitorCards.get(visitorCardKey(username, locale), cardJson) : await cardJson();
    if (body === null) return sendFailure(reply, { code: "not_found", message: translate(request, "social.error.not_found") });
    return reply.header("cache-control", "private, no-store").type("application/json; charset=utf-8").send(body);
  });

  app.get("/callback/friends/get-friends/:username", async (request) => {
    const query = friendsQuerySchema.parse(request.query);
    const target = await social.findTarget(parseUsername(request, "username"));
    if (!target) throw new AppError("not_found");
    const viewerId = request.viewer.user.isLoggedIn ? request.viewer.user.id : null;
    const { friends, total } = await friendships.friendsOf(target.id, viewerId, {
      orderByFriendsFirst: query.orderByFriendsFirst === "1",
      limit: FRIENDS_PAGE_SIZE,
      offset: (query.page - 1) * FRIENDS_PAGE_SIZE,
    });
    return { friends, meta: { currentPage: query.page, totalPages: Math.max(1, Math.ceil(total / FRIENDS_PAGE_SIZE)), totalResultsCount: total, avatarSize: query.avatarSize } };
  });

  app.get("/callback/friends/search/:user", async (request) => {
    const { q } = z.object({ q: z.string().trim().min(1).max(25) }).parse(request.query);
    const target = await social.findTarget(parseUsername(request, "user"));
    if (!target) throw new AppError("not_found");
    const viewerId = request.viewer.user.isLoggedIn ? request.viewer.user.id : null;
    const { friends } = await friendships.friendsOf(target.id, viewerId, { orderByFriendsFirst: false, query: q, limit: SEARCH_LIMIT, offset: 0 });
    return { friends };
  });

  app.get("/callback/friend/registration-invite-link", async (request) => {
    const actor = actorOf(request);
    const path = generateLink("web_security_register", { invite: deps.invites.tokenFor(actor.id) });
    return { link: `${request.siteOrigin}${path}` };
  });

  app.get("/callback/user/follow_suggestions", async (request) => {
    const actor = actorOf(request);
    const usernames = await follows.followSuggestions(actor.id, 10);
    return { users: usernames.map((username) => ({ username })), notYetFollowing: true };
  });

  app.post("/callback/user/dismiss_follow/:username", async (request, reply) =>
    sendResult(request, reply, await follows.dismissSuggestion(actorOf(request), parseUsername(request, "username")), { key: "dismissed" }),
  );

  app.get("/callback/recent/opponents", async (request) => {
    const actor = actorOf(request);
    const ids = await deps.games.recentOpponents(actor.id, RECENT_OPPONENTS);
    const found = await deps.directory.membersByIds(ids);
    // Spec 001 §3.3: an opponent is a username and a chess title, newest first.
    const opponents = ids.flatMap((id) => {
      const member = found.get(id);
      return member ? [{ username: member.username, chessTitle: member.chessTitle }] : [];
    });
    return { opponents };
  });

  app.get("/callback/user/search/:username", async (request, reply) => {
    if (deps.features.username_search_string_check) {
      const raw: unknown = request.query && typeof request.query === "object" ? Reflect.get(request.query, "username") : undefined;
      if (raw !== undefined && typeof raw !== "string") throw new AppError("validation_failed");
    }
    const params = z.object({ username: z.string().max(25) }).parse(request.params);
    const query = params.username.trim();
    if ([...query].length < SEARCH_MIN_LENGTH) {
      return sendFailure(reply, { code: "validation_failed", message: translate(request, "social.search.too_short", { number: SEARCH_MIN_LENGTH }) });
    }
    if (!usernameParamSchema.safeParse(query).success) return { users: [] };
    const found = await deps.directory.searchByUsernamePrefix({ prefix: query, limit: SEARCH_LIMIT });
    return { users: found.map((member) => ({ username: member.username, countryCode: member.countryCode, chessTitle: member.chessTitle, avatarUrl: member.avatarUrl ?? defaultAvatarUrl })) };
  });

  app.post("/callback/user/lifetime-score", async (request): Promise<LifetimeScore> => {
    const body = lifetimeScoreBodySchema.parse(request.body);
    return deps.games.lifetimeScore(body.user, body.opponent);
  });

  app.get("/callback/user/lifetime-score/:user/:opponent", async (request) => {
    const [user, opponent] = await Promise.all([social.findTarget(parseUsername(request, "user")), social.findTarget(parseUsername(request, "opponent"))]);
    if (!user || !opponent) throw new AppError("not_found");
    return deps.games.lifetimeScore(user.id, opponent.id);
  });

  app.post("/callback/user/note", async (request, reply) => {
    const actor = actorOf(request);
    const body = noteBodySchema.parse(request.body);
    const target = await social.findTarget(body.username);
    if (!target) throw new AppError("not_found");
    if (target.id === actor.id) return sendFailure(reply, { code: "self", message: translate(request, "social.error.self") });
    const saved = await items.setNote(actor.id, target.id, body.note);
    if (!saved.ok) return sendFailure(reply, { code: saved.error, message: translate(request, `social.error.${saved.error}`) });
    return { status: "ok", note: body.note.trim() || null };
  });

  app.get("/callback/user/notes", async (request) => {
    const actor = actorOf(request);
    const { page } = pageQuerySchema.parse(request.query);
    const { notes, total } = await items.notes(actor.id, page, NOTES_PAGE_SIZE);
    return { notes, meta: { currentPage: page, totalPages: Math.max(1, Math.ceil(total / NOTES_PAGE_SIZE)), totalResultsCount: total } };
  });

  app.get("/callback/user/get-item/:item", async (request) => {
    const session = request.viewer.session;
    if (!session || !request.viewer.user.isLoggedIn) throw new AppError("unauthenticated");
    const { item } = z.object({ item: z.string().max(64) }).parse(request.params);
    const readable = (readableItems as readonly string[]).includes(item) || ITEM_HASH_PATTERN.test(item);
    if (!readable) throw new AppError("not_found");
    const value = await items.getItem(session.user.id, item);
    return { item, value: value === "1" ? 1 : 0 };
  });

  app.post("/callback/user/set-item", async (request) => {
    const session = request.viewer.session;
    if (!session || !request.viewer.user.isLoggedIn) throw new AppError("unauthenticated");
    const body = setItemBodySchema.parse(request.body);
    const value = String(body.value) === "1" ? "1" : "0";
    await items.setItem(session.user.id, body.item, value);
    return { status: "ok", item: body.item, value: Number(value) };
  });

  app.post("/callback/user/content-language/set", async (request) => {
    const actor = actorOf(request);
    const { language } = z.object({ language: z.string().max(8) }).parse(request.body);
    if (!isLocale(language)) throw new AppError("validation_failed", {}, { language: translate(request, "social.error.unknown_language") });
    await deps.preferences.setContentLanguage(actor.id, language);
    return { status: "ok", language };
  });
}
