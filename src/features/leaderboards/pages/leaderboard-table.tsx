import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import type { LinkGenerator } from "../../../platform/links/links.ts";
import { LEADERBOARD_PAGE_SIZE, scoreLabelId, type BoardDefinition } from "../leaderboard-boards.ts";
import { percentOf, type LeaderboardRow } from "../leaderboards.schema.ts";
import { LeaderboardPlayerCell } from "./leaderboard-player-cell.tsx";
import { TrendMark } from "./leaderboard-trend.tsx";

export const LEADERBOARD_TABLE_ID = "leaderboard-table";

/** Where a leader's rank links (spec 001 §2.2): the stats page of the board's type, the overview or the profile. */
export function rankHref(board: BoardDefinition, username: string, link: LinkGenerator): string {
  const name = username.toLowerCase();
  const { route } = board;
  switch (board.rankLink) {
    case "stats_live":
      return route.name === "web_leaderboard_live" ? link("web_stats_live", { type: route.type, username: name }) : link("web_stats", { username: name });
    case "stats_daily":
      return route.name === "web_leaderboard_daily" ? link("web_stats_daily", { type: route.type, username: name }) : link("web_stats", { username: name });
    case "stats_bughouse":
      return link("web_stats_bughouse", { username: name });
    case "profile":
      return link("web_member_profile", { username: name });
    case "stats":
    case "club":
      return link("web_stats", { username: name });
  }
}

const medals = ["gold", "silver", "bronze"] as const;

/**
 * The leaders (spec 001 §2.1, §2.2): rank, player, trend (places moved in
 * 90 days), score (with its 90-day change on daily and live boards), and won,
 * drawn and lost for daily and live boards (attempts, success and last
 * attempt for tactics). The header row sticks to the top of the window once
 * the page scrolls past the table's top (CSS sticky); while another page
 * loads, one placeholder row per page item stands in.
 */
export function LeaderboardTable({ board, rows, loading }: { readonly board: BoardDefinition; readonly rows: readonly LeaderboardRow[]; readonly loading: boolean }) {
  const intl = useIntl();
  const link = useLinks();
  const columns = 4 + (board.gameColumns ? 3 : 0) + (board.kind === "tactics" ? 3 : 0);
  const share = (count: number, total: number) => intl.formatMessage({ id: "leaderboards.count_percent" }, { count: intl.formatNumber(count), percent: `${intl.formatNumber(percentOf(count, total), { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%` });
  return (
    <table className="ks-table ks-leaderboard-table" id={LEADERBOARD_TABLE_ID} aria-busy={loading}>
      <caption className="ks-visually-hidden">{intl.formatMessage({ id: "leaderboards.table" })}</caption>
      <thead>
        <tr>
          <th scope="col">{intl.formatMessage({ id: "leaderboards.column.rank" })}</th>
          <th scope="col">{intl.formatMessage({ id: "leaderboards.column.player" })}</th>
          {board.kind !== "clubs" && <th scope="col">{intl.formatMessage({ id: "leaderboards.column.trend" })}</th>}
          <th scope="col" className="ks-leaderboard-number">{intl.formatMessage({ id: scoreLabelId(board.kind) })}</th>
          {board.gameColumns && (
            <>
              <th scope="col" className="ks-leaderboard-number">{intl.formatMessage({ id: "leaderboards.column.won" })}</th>
              <th scope="col" className="ks-leaderboard-number">{intl.formatMessage({ id: "leaderboards.column.draw" })}</th>
              <th scope="col" className="ks-leaderboard-number">{intl.formatMessage({ id: "leaderboards.column.lost" })}</th>
            </>
          )}
          {board.kind === "tactics" && (
            <>
              <th scope="col" className="ks-leaderboard-number">{intl.formatMessage({ id: "leaderboards.column.attempts" })}</th>
              <th scope="col" className="ks-leaderboard-number">{intl.formatMessage({ id: "leaderboards.column.success" })}</th>
              <th scope="col">{intl.formatMessage({ id: "leaderboards.column.last_attempt" })}</th>
            </>
          )}
        </tr>
      </thead>
      <tbody>
        {loading
          ? Array.from({ length: LEADERBOARD_PAGE_SIZE }, (_, index) => (
              <tr key={index} className="ks-leaderboard-placeholder" aria-hidden="true">
                <td colSpan={columns}><span className="ks-leaderboard-placeholder-bar" /></td>
              </tr>
            ))
          : rows.map((row) => {
              const medal = medals[row.rank - 1];
              return (
                <tr key={row.user.username} data-username={row.user.username}>
                  <td className={medal ? `ks-leaderboard-rank ks-leaderboard-rank-${medal}` : "ks-leaderboard-rank"}>
                    <a href={rankHref(board, row.user.username, link)} aria-label={intl.formatMessage({ id: "leaderboards.rank_link" }, { rank: row.rank, username: row.user.username })}>
                      #{row.rank}
                    </a>
                  </td>
                  <td><LeaderboardPlayerCell user={row.user} /></td>
                  <td className="ks-leaderboard-trend">
                    {row.trend ? <TrendMark change={row.trend.rank} unit="places" /> : <span role="img" aria-label={intl.formatMessage({ id: "leaderboards.trend_none" })}>–</span>}
                  </td>
                  <td className="ks-leaderboard-number ks-leaderboard-score">
                    {intl.formatNumber(row.score)}
                    {board.gameColumns && row.trend && row.trend.score.direction !== 0 && <> <TrendMark change={row.trend.score} unit="points" /></>}
                  </td>
                  {board.gameColumns && (
                    <>
                      <td className="ks-leaderboard-number">{share(row.totalWinCount, row.totalGameCount)}</td>
                      <td className="ks-leaderboard-number">{share(row.totalDrawCount, row.totalGameCount)}</td>
                      <td className="ks-leaderboard-number">{share(row.totalLossCount, row.totalGameCount)}</td>
                    </>
                  )}
                </tr>
              );
            })}
      </tbody>
    </table>
  );
}
