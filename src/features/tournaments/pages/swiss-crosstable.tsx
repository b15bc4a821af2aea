import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import type { SwissCell, SwissStanding } from "../tournaments.schema.ts";

/** Half points as a chess score: 5 → "2½". */
export function pointsText(halfPoints: number): string {
  const whole = Math.floor(halfPoints / 2);
  return halfPoints % 2 === 0 ? String(whole) : whole === 0 ? "½" : `${whole}½`;
}

/** Quarter points (Sonneborn-Berger) to two decimals at most. */
const quarterText = (quarters: number) => String(Math.round(quarters * 25) / 100);

const outcomeMark: Readonly<Record<SwissCell["outcome"], string>> = { win: "1", draw: "½", loss: "0", bye: "+", playing: "*", none: "–" };

/**
 * The crosstable: place, player, each round's opponent (by place), colour
 * and result, the score and the tie-breaks (Buchholz, Sonneborn-Berger).
 */
export function SwissCrosstable({ standings, rounds }: { readonly standings: readonly SwissStanding[]; readonly rounds: number }) {
  const intl = useIntl();
  const link = useLinks();
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  if (standings.length === 0) return <p className="ks-muted">{text("tournaments.arena.no_players")}</p>;
  const cellLabel = (cell: SwissCell) => {
    if (cell.outcome === "bye") return text("tournaments.swiss.cell_bye", { round: cell.round });
    if (cell.outcome === "none" || cell.opponentRank === null) return text("tournaments.swiss.cell_none", { round: cell.round });
    return text("tournaments.swiss.cell", { round: cell.round, opponent: cell.opponentRank, colour: text(cell.colour === "white" ? "tournaments.swiss.white" : "tournaments.swiss.black"), result: outcomeMark[cell.outcome] });
  };
  return (
    <div className="ks-swiss__scroll">
      <table className="ks-arena__table ks-swiss__table" data-testid="swiss-crosstable">
        <caption className="ks-visually-hidden">{text("tournaments.swiss.crosstable")}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{text("tournaments.arena.player")}</th>
            {Array.from({ length: rounds }, (_, index) => (
              <th scope="col" key={index} title={text("tournaments.swiss.round", { round: index + 1 })}>
                {index + 1}
              </th>
            ))}
            <th scope="col">{text("tournaments.arena.score")}</th>
            <th scope="col">
              <abbr title="Buchholz">{text("tournaments.swiss.buchholz_short")}</abbr>
            </th>
            <th scope="col">
              <abbr title="Sonneborn-Berger">{text("tournaments.swiss.sb_short")}</abbr>
            </th>
          </tr>
        </thead>
        <tbody>
          {standings.map((standing) => (
            <tr key={standing.username} data-player={standing.username}>
              <td>{standing.rank}</td>
              <td>
                <a href={link("web_member_profile", { username: standing.username.toLowerCase() })}>{standing.username}</a> <span className="ks-muted">{standing.rating}</span>
                {standing.status === "withdrawn" && <span className="ks-muted"> ({text("tournaments.arena.withdrawn")})</span>}
              </td>
              {Array.from({ length: rounds }, (_, index) => {
                const cell = standing.cells[index];
                if (!cell) return <td key={index} />;
                return (
                  <td key={index} className={`ks-swiss__cell ks-swiss__cell--${cell.outcome}`} aria-label={cellLabel(cell)} title={cellLabel(cell)}>
                    {cell.opponentRank !== null && (
                      <>
                        {cell.opponentRank}
                        <span className="ks-swiss__colour">{cell.colour === "white" ? "w" : "b"}</span>
                      </>
                    )}
                    {outcomeMark[cell.outcome]}
                  </td>
                );
              })}
              <td className="ks-arena__score" data-testid="swiss-score">
                {pointsText(standing.score)}
              </td>
              <td>{pointsText(standing.buchholz)}</td>
              <td>{quarterText(standing.sonnebornBerger)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
