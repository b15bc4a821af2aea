import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import type { MemberRating } from "../../social/member-ratings.port.ts";
import { RatingFigure } from "../../social/card/rating-figure.tsx";
import type { FriendEntry } from "../../social/social.schema.ts";
import { MemberName } from "../../social/card/member-name.tsx";

/** The profile's ratings per game type, most played first ("?" while provisional); an honest empty state before a rated game. */
export function ProfileRatings({ username, ratings }: { username: string; ratings: readonly MemberRating[] }) {
  const intl = useIntl();
  const link = useLinks();
  return (
    <section className="ks-card ks-profile-section" aria-labelledby="profile-ratings">
      <h2 id="profile-ratings">{intl.formatMessage({ id: "profile.ratings.title" })}</h2>
      {ratings.length === 0 ? (
        <div className="ks-profile-empty">
          <span className="ks-profile-empty-icon" aria-hidden="true">♞</span>
          <p>{intl.formatMessage({ id: "profile.ratings.empty" }, { username })}</p>
        </div>
      ) : (
        <ul className="ks-profile-ratings" role="list">
          {ratings.map((rating) => (
            <li key={rating.type}>
              <span className="ks-muted">{intl.formatMessage({ id: `user_card.rating_type.${rating.type}`, defaultMessage: rating.type })}</span>
              <RatingFigure rating={rating.rating} provisional={rating.provisional} />
            </li>
          ))}
        </ul>
      )}
      <p className="ks-profile-more">
        <a href={link("web_games_archive", { username: username.toLowerCase() })}>{intl.formatMessage({ id: "user_card.action.archive" })}</a>
      </p>
    </section>
  );
}

/** The first friends (the viewer's own friends first), each name opening its card. */
export function ProfileFriends({ username, friends, total }: { username: string; friends: readonly FriendEntry[]; total: number }) {
  const intl = useIntl();
  return (
    <section className="ks-card ks-profile-section" aria-labelledby="profile-friends">
      <h2 id="profile-friends">
        {intl.formatMessage({ id: "profile.friends" })} <span className="ks-profile-count">{intl.formatNumber(total)}</span>
      </h2>
      {friends.length === 0 ? (
        <div className="ks-profile-empty">
          <span className="ks-profile-empty-icon" aria-hidden="true">♙</span>
          <p>{intl.formatMessage({ id: "profile.friends.empty" }, { username })}</p>
        </div>
      ) : (
        <ul className="ks-member-list ks-profile-friends" role="list">
          {friends.map((friend) => (
            <li key={friend.username}>
              <MemberName member={friend} />
              {friend.isViewerFriend && <span className="ks-profile-mutual">{intl.formatMessage({ id: "profile.friends.mutual" })}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Clubs: none exist yet, and the page says so. */
/** A club on a member's profile. */
export interface ProfileClubEntry {
  readonly url: string;
  readonly name: string;
  readonly memberCount: number;
}

export function ProfileClubs({ username, clubs }: { username: string; clubs: readonly ProfileClubEntry[] }) {
  const intl = useIntl();
  const link = useLinks();
  return (
    <section className="ks-card ks-profile-section" aria-labelledby="profile-clubs">
      <h2 id="profile-clubs">{intl.formatMessage({ id: "profile.clubs.title" })}</h2>
      {clubs.length === 0 ? (
        <div className="ks-profile-empty">
          <span className="ks-profile-empty-icon" aria-hidden="true">♜</span>
          <p>{intl.formatMessage({ id: "profile.clubs.empty" }, { username })}</p>
        </div>
      ) : (
        <>
          <ul className="ks-profile-clubs" role="list">
            {clubs.map((club) => (
              <li key={club.url} data-club={club.url}>
                <a href={link("web_club", { url: club.url })}>{club.name}</a>
              </li>
            ))}
          </ul>
          <a href={link("web_clubs_home", { username: username.toLowerCase() })}>{intl.formatMessage({ id: "profile.clubs.all" })}</a>
        </>
      )}
    </section>
  );
}
