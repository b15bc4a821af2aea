/**
 * The header's games in progress, on every page for a signed-in member with
 * any: the count (and how many wait for the member's move), opening a list
 * of the games with the opponent and a link. Loaded by the browser over the
 * socket (games.current), so no page render pays a query for it.
 */
import { useRef, useState } from "react";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import { useDismiss } from "../../../ui/use-dismiss.ts";
import { gameRouteName } from "./game-links.ts";
import { usePlayLive } from "./play-live.tsx";

export function CurrentGamesItem() {
  const intl = useIntl();
  const link = useLinks();
  const { currentGames } = usePlayLive();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useDismiss(open, () => setOpen(false), { outside: root, escape: true });
  if (!currentGames || currentGames.length === 0) return null;

  const waiting = currentGames.filter((game) => game.yourMove).length;
  const label = intl.formatMessage({ id: "play.lobby.current.label" }, { count: currentGames.length, waiting });
  return (
    <div className="ks-current-games" ref={root}>
      <button type="button" className="ks-nav-link ks-current-games-toggle" aria-expanded={open} aria-controls="ks-current-games-list" aria-label={label} onClick={() => setOpen(!open)}>
        <span aria-hidden="true">♟</span>
        <span aria-hidden="true">{intl.formatNumber(currentGames.length)}</span>
        {waiting > 0 && (
          <span className="ks-current-games-waiting" aria-hidden="true">
            {intl.formatNumber(waiting)}
          </span>
        )}
      </button>
      {open && (
        <div id="ks-current-games-list" className="ks-current-games-menu">
          <p className="ks-current-games-heading">{intl.formatMessage({ id: "play.lobby.current.heading" })}</p>
          <ul role="list">
            {currentGames.map((game) => (
              <li key={game.id}>
                <a href={link(gameRouteName(game.speed), { id: String(game.id) })} className={game.yourMove ? "ks-current-game ks-current-game-turn" : "ks-current-game"} onClick={() => setOpen(false)}>
                  <span className="ks-current-game-opponent">{intl.formatMessage({ id: "play.lobby.current.vs" }, { username: game.opponent })}</span>
                  <span className="ks-current-game-meta">
                    {intl.formatMessage({ id: `play.lobby.speed.${game.speed}` })}
                    {game.yourMove && <> · <strong>{intl.formatMessage({ id: "play.lobby.current.your_move" })}</strong></>}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
