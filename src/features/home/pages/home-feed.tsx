/** The home feed: what the member or the players they follow did, newest first, a page at a time (spec 000 §7 home recent content type). */
import type { ReactNode } from "react";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import { FeedDate } from "./feed-date.tsx";
import { MemberLink } from "../../social/card/member-link.tsx";
import type { HomeContentType } from "../../accounts/current-user.ts";
import type { FeedEntryView, FeedPage } from "../home-feed-kinds.ts";

/** One entry's sentence: each kind renders its own (a new kind adds a case here). */
function FeedEntrySentence({ entry }: { entry: FeedEntryView }): ReactNode {
  const intl = useIntl();
  const link = useLinks();
  const actor = <MemberLink username={entry.actor} />;
  const { body } = entry;
  switch (body.kind) {
    case "game_finished": {
      const id = body.subject.outcome === "win" ? "member_home.feed.game_win" : body.subject.outcome === "loss" ? "member_home.feed.game_loss" : "member_home.feed.game_draw";
      return (
        <>
          {intl.formatMessage({ id }, { actor, opponent: body.subject.opponent ? <MemberLink username={body.subject.opponent} /> : "?" })}{" "}
          <a href={link("web_game", { id: String(body.subject.gameId) })}>{intl.formatMessage({ id: "member_home.feed.view_game" })}</a>
        </>
      );
    }
    case "club_joined":
      return intl.formatMessage({ id: "member_home.feed.club_joined" }, { actor, club: <a href={link("web_club", { url: body.subject.url })}>{body.subject.name}</a> });
    case "trophy_received": {
      // The trophy's name by its code (the "trophies.name." prefix sends the names to this page); it leads to the recipient's cabinet.
      const trophy = <a href={`${link("web_member_profile", { username: entry.actor })}#trophies`}>{intl.formatMessage({ id: `trophies.name.${body.subject.code}` })}</a>;
      const { awardedBy } = body.subject;
      return awardedBy
        ? intl.formatMessage({ id: "member_home.feed.trophy_awarded" }, { actor, trophy, awarder: <MemberLink username={awardedBy} /> })
        : intl.formatMessage({ id: "member_home.feed.trophy_earned" }, { actor, trophy });
    }
  }
}

export function HomeFeedSection({ feed, contentType, followsSomeone }: { feed: FeedPage; contentType: HomeContentType; followsSomeone: boolean }) {
  const intl = useIntl();
  const link = useLinks();
  const empty = contentType === "my_activity" ? "member_home.feed.empty_my_activity" : followsSomeone ? "member_home.feed.empty_following" : "member_home.feed.empty_following_none";
  return (
    <section className="ks-card" aria-labelledby="home-feed" data-feed={contentType}>
      <h2 id="home-feed">{intl.formatMessage({ id: "member_home.feed.title" })}</h2>
      <p className="ks-muted">
        {intl.formatMessage({ id: contentType === "my_activity" ? "member_home.feed.my_activity" : "member_home.feed.following" })} ·{" "}
        <a href={link("web_user_settings")}>{intl.formatMessage({ id: "member_home.feed.change" })}</a>
      </p>
      {feed.entries.length === 0 ? (
        <p className="ks-muted" data-feed-empty="">{intl.formatMessage({ id: empty })}</p>
      ) : (
        <ol className="ks-home-feed" role="list">
          {feed.entries.map((entry) => (
            <li key={entry.id} data-feed-kind={entry.body.kind}>
              <img src={entry.actorAvatarUrl} alt="" width={32} height={32} loading="lazy" className="ks-home-feed-avatar" />
              <p>
                <FeedEntrySentence entry={entry} /> <FeedDate at={entry.at} />
              </p>
            </li>
          ))}
        </ol>
      )}
      {(feed.page > 1 || feed.morePages) && (
        // Newer and older only (the spec's has-more paging): plain links, the server renders every page.
        <nav className="ks-home-feed-pages" aria-label={intl.formatMessage({ id: "member_home.feed.pagination" })}>
          {feed.page > 1 && (
            <a href={link("web_home", feed.page > 2 ? { page: String(feed.page - 1) } : {})} rel="prev">
              {intl.formatMessage({ id: "member_home.feed.newer" })}
            </a>
          )}
          {feed.morePages && (
            <a href={link("web_home", { page: String(feed.page + 1) })} rel="next">
              {intl.formatMessage({ id: "member_home.feed.older" })}
            </a>
          )}
        </nav>
      )}
    </section>
  );
}
