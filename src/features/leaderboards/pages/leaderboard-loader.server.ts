/**
 * What a leaderboard page's loader does (spec 001 §2.1): the board of the
 * URL, its filter checked (a bad one answers 400 with its reason, an unknown
 * club 404, friends without an account a sign-in), a page of leaders and the
 * viewer's sidebar. Kept apart from the page module so that it stays small.
 */
import { data, redirect } from "react-router";
import { generateLink, generatePageLink } from "../../../platform/links/links.ts";
import { requirePage } from "../../../platform/pages/page-loader.server.ts";
import type { CurrentUser } from "../../accounts/current-user.ts";
import { boards, dailyBoardKey, dailyBoardTypes, liveBoardAliases, liveBoardKey, liveBoardTypes, type BoardKey } from "../leaderboard-boards.ts";
import { parseLeaderboardQuery, type LeaderboardProblem } from "../leaderboard-filters.ts";
import type { LeaderboardsService, LeaderboardViewer } from "../leaderboards.service.server.ts";

export type LeaderboardPageProblem = LeaderboardProblem | "friends_guest" | "unknown_group";

const isOneOf = <T extends string>(choices: readonly T[], value: string | undefined): value is T => value !== undefined && (choices as readonly string[]).includes(value);

/** The board a page's route and {type} name; lightning and standard redirect to bullet and rapid. */
function boardOfRequest(request: Request): BoardKey {
  const match = requirePage(request);
  const { name } = match.route;
  const type = match.params.type;
  if (name === "web_leaderboard_live") {
    if (type === "lightning" || type === "standard") throw redirect(generatePageLink("web_leaderboard_live", { type: liveBoardAliases[type] }, { locale: match.pathLocale }) + new URL(request.url).search, 301);
    if (isOneOf(liveBoardTypes, type)) return liveBoardKey(type);
  }
  if (name === "web_leaderboard_daily" && isOneOf(dailyBoardTypes, type)) return dailyBoardKey(type);
  const key = (Object.keys(boards) as BoardKey[]).find((candidate) => boards[candidate].route.name === name);
  if (!key) throw data(null, { status: 404 });
  return key;
}

export async function loadLeaderboardPage(request: Request, viewer: CurrentUser, service: LeaderboardsService) {
  const boardKey = boardOfRequest(request);
  const board = boards[boardKey];
  const url = new URL(request.url);
  const member: LeaderboardViewer | null = viewer.isLoggedIn && !viewer.isGuest && viewer.id !== null ? { memberId: viewer.id, username: viewer.username, avatarUrl: viewer.avatarUrl } : null;
  const base = {
    boardKey,
    canUseFriends: member !== null && board.friendsFilter,
    groups: member ? await service.groupsOf(member.memberId) : [],
    // Spec 001 §4.2: a sidebar that cannot be read is left out, never an error of the page.
    sidebar: member ? await service.sidebar(boardKey, member).catch(() => null) : null,
  };
  const refused = (problem: LeaderboardPageProblem, status: number) =>
    data({ ...base, query: { filter: { kind: "global" as const }, rushTime: null, page: 1 }, problem, rows: [], morePages: false, club: null }, { status });

  const parsed = parseLeaderboardQuery(url.searchParams, board);
  if (!parsed.ok) return refused(parsed.problem, 400);
  if (parsed.query.filter.kind === "friends" && !viewer.isLoggedIn) throw redirect(generateLink("web_security_login_and_go", { redirectUrl: url.pathname + url.search }));
  if (parsed.query.filter.kind === "friends" && !member) return refused("friends_guest", 403);
  const result = await service.page(boardKey, parsed.query, member);
  if (!result.ok) return refused(result.refusal === "unknown_group" ? "unknown_group" : "friends_guest", result.refusal === "unknown_group" ? 404 : 403);
  return data({ ...base, query: parsed.query, problem: null, rows: result.page.rows, morePages: result.page.morePages, club: result.page.club }, { status: 200 });
}
