import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import type { ArenaStanding } from "../tournaments.schema.ts";

/** The standings: place, player (fire mark on a streak, pause mark), score sheet, score. */
export function ArenaStandingsTable({ standings }: { readonly standings: readonly ArenaStanding[] }) {
  const intl = useIntl();
  const link = useLinks();
  if (standings.length === 0) return <p className="ks-muted">{intl.formatMessage({ id: "tournaments.arena.no_players" })}</p>;
  return (
    <table className="ks-arena__table" data-testid="arena-standings">
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">{intl.formatMessage({ id: "tournaments.arena.player" })}</th>
          <th scope="col">{intl.formatMessage({ id: "tournaments.arena.sheet" })}</th>
          <th scope="col">{intl.formatMessage({ id: "tournaments.arena.score" })}</th>
        </tr>
      </thead>
      <tbody>
        {standings.map((standing) => (
          <tr key={standing.username} data-player={standing.username}>
            <td>{standing.rank}</td>
            <td>
              <a href={link("web_member_profile", { username: standing.username.toLowerCase() })}>{standing.username}</a> <span className="ks-muted">{standing.rating}</span>
              {standing.onFire && (
                <>
                  {" "}
                  {/* Drawn, not an emoji: a system without an emoji font shows an empty box for one. */}
                  <svg className="ks-arena__fire" role="img" aria-label={intl.formatMessage({ id: "tournaments.arena.on_fire" })} viewBox="0 0 16 16" width="14" height="14">
                    <title>{intl.formatMessage({ id: "tournaments.arena.on_fire" })}</title>
                    <path d="M8 1c.6 2.6 3.9 4.3 3.9 8.1A3.9 3.9 0 0 1 8 15a3.9 3.9 0 0 1-3.9-3.9c0-1.9 1-3 1.9-3.9-.1 1.4.5 2.4 1.4 2.7C7 7.5 7.2 4.2 8 1Z" />
                  </svg>
                </>
              )}
              {standing.status !== "active" && <span className="ks-muted"> ({intl.formatMessage({ id: standing.status === "paused" ? "tournaments.arena.paused" : "tournaments.arena.withdrawn" })})</span>}
            </td>
            <td className="ks-arena__sheet">
              {standing.sheet.map((points, index) =>
                points.endsWith("*") ? (
                  <span key={index} className="ks-arena__doubled">
                    {points.slice(0, -1)}
                  </span>
                ) : (
                  <span key={index}>{points}</span>
                ),
              )}
            </td>
            <td className="ks-arena__score" data-testid="arena-score">
              {standing.score}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
