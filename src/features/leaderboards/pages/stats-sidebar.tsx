import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import { LazyImage } from "../../../ui/lazy-image.tsx";
import { defaultAvatarUrl } from "../../accounts/current-user.ts";
import type { SidebarStats } from "../leaderboards.schema.ts";
import { RatingDistributionChart } from "./rating-distribution-chart.tsx";

/** Spec 001 §9: the sidebar's avatar is 80 × 80; its distribution is in bands of the service's DISTRIBUTION_BAND. */
const SIDEBAR_AVATAR = 80;
const BAND = 100;

/**
 * The signed-in member's stats beside a leaderboard (spec 001 §2.3, §3.2):
 * their card, rating, global rank, the distribution chart, the stat rows
 * (the deviation to 2 places) and the link to their stats page. The loader
 * leaves it out where the spec hides it and when it cannot be read.
 */
export function StatsSidebar({ stats, statsHref }: { readonly stats: SidebarStats; readonly statsHref: string }) {
  const intl = useIntl();
  const link = useLinks();
  const two = (value: number) => intl.formatNumber(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return (
    <aside className="ks-card ks-stats-sidebar" aria-labelledby="stats-sidebar-title">
      <h2 id="stats-sidebar-title" className="ks-visually-hidden">{intl.formatMessage({ id: "leaderboards.sidebar" })}</h2>
      <div className="ks-stats-sidebar-user">
        <LazyImage src={stats.avatarUrl ?? defaultAvatarUrl} alt="" width={SIDEBAR_AVATAR} height={SIDEBAR_AVATAR} />
        <a href={link("web_member_profile", { username: stats.username.toLowerCase() })}>{stats.username}</a>
      </div>
      <dl className="ks-stats-sidebar-figures">
        <div><dt>{intl.formatMessage({ id: "leaderboards.sidebar.rating" })}</dt><dd>{intl.formatNumber(stats.rating)}</dd></div>
        <div><dt>{intl.formatMessage({ id: "leaderboards.sidebar.rank" })}</dt><dd>{stats.rank === null ? intl.formatMessage({ id: "leaderboards.sidebar.unranked" }) : `#${intl.formatNumber(stats.rank)}`}</dd></div>
      </dl>
      <RatingDistributionChart bands={stats.distribution} band={BAND} rating={stats.rating} />
      <dl className="ks-stats-sidebar-rows">
        {stats.percentile !== null && <div><dt>{intl.formatMessage({ id: "leaderboards.sidebar.percentile" })}</dt><dd>{`${intl.formatNumber(stats.percentile, { maximumFractionDigits: 1 })}%`}</dd></div>}
        <div><dt>{intl.formatMessage({ id: "leaderboards.sidebar.players" })}</dt><dd>{intl.formatNumber(stats.playerCount)}</dd></div>
        {stats.best !== null && <div><dt>{intl.formatMessage({ id: "leaderboards.sidebar.best" })}</dt><dd>{intl.formatNumber(stats.best)}</dd></div>}
        <div><dt>{intl.formatMessage({ id: "leaderboards.sidebar.deviation" })}</dt><dd>{two(stats.deviation)}</dd></div>
        <div><dt>{intl.formatMessage({ id: "leaderboards.sidebar.record" })}</dt><dd>{`${intl.formatNumber(stats.winCount)} / ${intl.formatNumber(stats.drawCount)} / ${intl.formatNumber(stats.lossCount)}`}</dd></div>
      </dl>
      <a className="ks-button ks-stats-sidebar-link" href={statsHref}>{intl.formatMessage({ id: "leaderboards.sidebar.stats_link" })}</a>
    </aside>
  );
}
