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
                <span role="img" aria-label={intl.formatMessage({ id: "tournaments.arena.on_fire" })} title={intl.formatMessage({ id: "tournaments.arena.on_fire" })}>
                  {" "}
                  🔥
                </span>
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
