/** Daily games where it is the member's move, with the time left to make it. */
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import { RelativeTime } from "../../../ui/relative-time.tsx";
import type { CurrentGameView } from "../play.schema.ts";

export function YourMoveList({ games }: { games: readonly CurrentGameView[] }) {
  const intl = useIntl();
  const link = useLinks();
  const waiting = games.filter((game) => game.speed === "daily" && game.yourMove);
  return (
    <section className="ks-card ks-play-section" aria-labelledby="ks-your-move">
      <h2 id="ks-your-move">{intl.formatMessage({ id: "play.lobby.your_move.heading" })}</h2>
      {waiting.length === 0 ? (
        <p className="ks-muted">{intl.formatMessage({ id: "play.lobby.your_move.none" })}</p>
      ) : (
        <ul className="ks-play-list" role="list">
          {waiting.map((game) => (
            <li key={game.id} className="ks-play-list-item">
              <a href={link("web_game", { id: String(game.id) })}>{intl.formatMessage({ id: "play.lobby.current.vs" }, { username: game.opponent })}</a>
              {game.deadlineAt && (
                <span className="ks-muted">
                  {intl.formatMessage({ id: "play.lobby.your_move.deadline" })} <RelativeTime date={game.deadlineAt} />
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
