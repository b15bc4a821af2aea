/** The member home's panels: games in progress, quick pairing, ratings, friends online, clubs' news. */
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import { FeedDate } from "./feed-date.tsx";
import type { HomeClubActivity, HomeGame, HomeMember, HomeRating } from "../home-sources.port.ts";
import { MemberLink } from "../../social/card/member-link.tsx";

/** Three common live controls (bullet, blitz, rapid) and a daily one: each opens the seek form set to it. */
export const quickPairings = ["1+0", "3+2", "10+0", "daily/3"] as const;

export function GamesCard({ games }: { games: readonly HomeGame[] }) {
  const intl = useIntl();
  const link = useLinks();
  return (
    <section className="ks-card" aria-labelledby="home-games">
      <h2 id="home-games">{intl.formatMessage({ id: "member_home.games.title" })}</h2>
      {games.length === 0 ? (
        <p className="ks-muted">{intl.formatMessage({ id: "member_home.games.empty" })}</p>
      ) : (
        <ul className="ks-home-list" role="list" data-home-games="">
          {games.map((game) => (
            <li key={game.id} className={game.yourMove ? "ks-home-game ks-home-game-turn" : "ks-home-game"}>
              <a href={game.speed === "daily" ? link("web_game", { id: String(game.id) }) : link("web_game_live", { id: String(game.id) })} aria-label={intl.formatMessage({ id: "member_home.games.open" }, { opponent: game.opponent })}>
                {intl.formatMessage({ id: "member_home.games.vs" }, { opponent: game.opponent })}
              </a>
              <span className="ks-muted">{intl.formatMessage({ id: game.speed === "daily" ? "member_home.games.daily" : "member_home.games.live" })}</span>
              <span className={game.yourMove ? "ks-badge ks-badge-accent" : "ks-badge"}>{intl.formatMessage({ id: game.yourMove ? "member_home.games.your_move" : "member_home.games.waiting" })}</span>
              {game.speed === "daily" && game.deadlineAt && (
                <span className="ks-muted">
                  {intl.formatMessage({ id: "member_home.games.deadline" }, { when: intl.formatDate(new Date(game.deadlineAt), { dateStyle: "medium", timeStyle: "short" }) })}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function QuickPairingCard() {
  const intl = useIntl();
  const link = useLinks();
  return (
    <section className="ks-card" aria-labelledby="home-quick">
      <h2 id="home-quick">{intl.formatMessage({ id: "member_home.quick.title" })}</h2>
      <div className="ks-home-quick">
        {quickPairings.map((control) => (
          <a key={control} className="ks-button ks-button-primary" href={link("web_play_new", { control })} data-quick-pairing={control}>
            {control.startsWith("daily/") ? intl.formatMessage({ id: "member_home.quick.daily" }, { days: Number(control.slice("daily/".length)) }) : intl.formatMessage({ id: "member_home.quick.label" }, { control })}
          </a>
        ))}
      </div>
      <p>
        <a href={link("web_play_new")}>{intl.formatMessage({ id: "member_home.quick.more" })}</a>
      </p>
    </section>
  );
}

function ratingTypeName(intl: ReturnType<typeof useIntl>, type: string): string {
  const id = `member_home.rating_type.${type}`;
  return intl.messages[id] === undefined ? type : intl.formatMessage({ id });
}

export function RatingsCard({ ratings }: { ratings: readonly HomeRating[] }) {
  const intl = useIntl();
  return (
    <section className="ks-card" aria-labelledby="home-ratings">
      <h2 id="home-ratings">{intl.formatMessage({ id: "member_home.ratings.title" })}</h2>
      {ratings.length === 0 ? (
        <p className="ks-muted">{intl.formatMessage({ id: "member_home.ratings.empty" })}</p>
      ) : (
        <dl className="ks-home-ratings">
          {ratings.map((rating) => (
            <div key={rating.type} data-rating-type={rating.type}>
              <dt>{ratingTypeName(intl, rating.type)}</dt>
              <dd>
                <strong>
                  {intl.formatNumber(rating.rating)}
                  {rating.provisional && <abbr title={intl.formatMessage({ id: "member_home.ratings.provisional" })}>?</abbr>}
                </strong>{" "}
                <span className={rating.trend > 0 ? "ks-trend-up" : rating.trend < 0 ? "ks-trend-down" : "ks-muted"}>
                  <span aria-hidden="true">{rating.trend > 0 ? "▲" : rating.trend < 0 ? "▼" : "–"}</span>{" "}
                  {rating.trend > 0
                    ? intl.formatMessage({ id: "member_home.ratings.trend_up" }, { points: rating.trend })
                    : rating.trend < 0
                      ? intl.formatMessage({ id: "member_home.ratings.trend_down" }, { points: -rating.trend })
                      : intl.formatMessage({ id: "member_home.ratings.trend_flat" })}
                </span>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

export function FriendsOnlineCard({ friends }: { friends: readonly HomeMember[] }) {
  const intl = useIntl();
  const link = useLinks();
  return (
    <section className="ks-card" aria-labelledby="home-friends">
      <h2 id="home-friends">{intl.formatMessage({ id: "member_home.friends.title" })}</h2>
      {friends.length === 0 ? (
        <p className="ks-muted">{intl.formatMessage({ id: "member_home.friends.empty" })}</p>
      ) : (
        <ul className="ks-home-list" role="list">
          {friends.map((friend) => (
            <li key={friend.id} className="ks-home-friend">
              <span className="ks-online-dot" aria-hidden="true" />
              <MemberLink username={friend.username} />
              <a className="ks-button ks-button-small" href={link("web_play_new", { opponent: friend.username })} aria-label={intl.formatMessage({ id: "member_home.friends.challenge_label" }, { username: friend.username })}>
                {intl.formatMessage({ id: "member_home.friends.challenge" })}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function ClubActivityCard({ clubs }: { clubs: readonly HomeClubActivity[] }) {
  const intl = useIntl();
  const link = useLinks();
  if (clubs.length === 0) return null;
  return (
    <section className="ks-card" aria-labelledby="home-clubs">
      <h2 id="home-clubs">{intl.formatMessage({ id: "member_home.clubs.title" })}</h2>
      <ul className="ks-home-clubs" role="list">
        {clubs.map((club) => (
          <li key={club.url}>
            <a className="ks-home-club-name" href={link("web_club", { url: club.url })}>{club.name}</a>
            <ul className="ks-home-club-news" role="list">
              {club.latestNote && (
                <li>
                  <a href={link("web_club_notes", { url: club.url })}>
                    {club.latestNote.author ? intl.formatMessage({ id: "member_home.clubs.note" }, { author: club.latestNote.author }) : intl.formatMessage({ id: "member_home.clubs.note_anonymous" })}
                  </a>{" "}
                  <FeedDate at={club.latestNote.createdAt} />
                </li>
              )}
              {club.topics.map((topic) => (
                <li key={topic.path}>
                  <a href={topic.path}>{topic.title}</a> <FeedDate at={topic.lastPostAt} />
                </li>
              ))}
              {club.events > 0 && (
                <li>
                  <a href={link("web_clubs_events", { url: club.url })}>{intl.formatMessage({ id: "member_home.clubs.events" }, { count: club.events })}</a>
                </li>
              )}
              {!club.latestNote && club.topics.length === 0 && club.events === 0 && <li className="ks-muted">{intl.formatMessage({ id: "member_home.clubs.quiet" })}</li>}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
