import { useEffect, useState } from "react";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useHttpClient } from "../../../platform/http/http-client-context.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import { CountryFlag } from "../../../ui/country-flag.tsx";
import { LazyImage } from "../../../ui/lazy-image.tsx";
import { PresenceButtonView, PresenceDot, TaglineBadges } from "./tagline-view.tsx";
import { CardActionBar } from "./card-action-bar.tsx";
import { actionsShownByPresence } from "./account-actions.tsx";
import { cardActions, type CardActionId, type CardViewer } from "./card-actions.ts";
import { DelayedLoader } from "./delayed-loader.tsx";
import { useFriendEvents } from "./friend-events-hub.ts";
import { useCardTagline } from "./use-card-tagline.ts";
import { RatingFigure } from "./rating-figure.tsx";
import { cardPaths, noLifetimeScore } from "./user-card-calls.ts";
import type { CardLifetimeScore, CardUser, PopupResponse } from "./user-card.schema.ts";

/** At most this many ratings show on the card (spec 001 §9). */
export const MAX_CARD_RATINGS = 3;

export interface UserCardProps {
  readonly username: string;
  readonly viewer: CardViewer;
  /** When the card opened: the loader waits LOADER_DELAY_MS from here. */
  readonly openedAt: number;
  readonly titleId: string;
  readonly onActionClick: (action: CardActionId) => void;
  readonly onClose: () => void;
  /** Focus was lost (an acted-on button went away): the card takes it back. */
  readonly onFocusLost: () => void;
}

type CardState =
  | { readonly status: "loading" }
  | { readonly status: "missing" }
  | { readonly status: "loaded"; readonly card: CardUser; readonly score: CardLifetimeScore | null };

function sameName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/**
 * The user card's content (loaded lazily by UserCardProvider): the member
 * from GET /callback/user/popup/{username}, the lifetime score against the
 * viewer, and the actions. Any failure reads "Member name does not exist"
 * (spec 001 §8); a failed lifetime score reads as zeros.
 */
export function UserCard({ username, viewer, openedAt, titleId, onActionClick, onClose, onFocusLost }: UserCardProps) {
  const intl = useIntl();
  const client = useHttpClient();
  const [state, setState] = useState<CardState>({ status: "loading" });
  const [reloads, setReloads] = useState(0);
  const wantsScore = viewer.isLoggedIn && viewer.username !== "" && !sameName(viewer.username, username);

  useEffect(() => {
    let cancelled = false;
    const score = wantsScore
      ? client.request<CardLifetimeScore>("GET", cardPaths.lifetimeScore(viewer.username, username), { quiet: true }).catch(() => noLifetimeScore)
      : Promise.resolve(null);
    client
      .request<PopupResponse>("GET", cardPaths.popup(username), { quiet: true })
      .then(async ({ user }) => {
        const lifetime = await score;
        if (!cancelled) setState({ status: "loaded", card: user, score: lifetime });
      })
      .catch(() => {
        if (!cancelled) setState({ status: "missing" });
      });
    return () => {
      cancelled = true;
    };
  }, [client, username, viewer.username, wantsScore, reloads]);

  useFriendEvents((event) => {
    if (sameName(event.from, username)) setReloads((count) => count + 1);
  });

  useEffect(() => {
    if (state.status !== "loading" && (document.activeElement === null || document.activeElement === document.body)) onFocusLost();
  }, [state, onFocusLost]);

  if (state.status === "loading") return <DelayedLoader since={openedAt} />;
  if (state.status === "missing") {
    return (
      <div className="ks-user-card-panel ks-user-card-missing">
        <CloseButton onClose={onClose} />
        <p id={titleId} className="ks-user-card-missing-text">
          <span aria-hidden="true" className="ks-user-card-missing-icon">?</span>
          {intl.formatMessage({ id: "social.error.not_found" })}
        </p>
      </div>
    );
  }
  return (
    <LoadedCard
      card={state.card}
      score={state.score}
      viewer={viewer}
      titleId={titleId}
      onActionClick={onActionClick}
      onClose={onClose}
      onReload={() => setReloads((count) => count + 1)}
    />
  );
}

function CloseButton({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: "user_card.close" });
  return (
    <button type="button" className="ks-user-card-close" aria-label={label} title={label} onClick={onClose}>
      <span aria-hidden="true">×</span>
    </button>
  );
}

interface LoadedCardProps {
  readonly card: CardUser;
  readonly score: CardLifetimeScore | null;
  readonly viewer: CardViewer;
  readonly titleId: string;
  readonly onActionClick: (action: CardActionId) => void;
  readonly onClose: () => void;
  readonly onReload: () => void;
}

function LoadedCard({ card, score, viewer, titleId, onActionClick, onClose, onReload }: LoadedCardProps) {
  const intl = useIntl();
  const link = useLinks();
  const { presence, line, fullName } = useCardTagline(card, cardActions(viewer, card).includes("challenge"));
  const profileHref = link("web_member_profile", { username: card.username });
  const ratings = card.ratings.slice(0, MAX_CARD_RATINGS);

  return (
    <div className="ks-user-card-panel" data-username={card.username}>
      <CloseButton onClose={onClose} />
      <header className="ks-user-card-header">
        <div className="ks-user-card-avatar-wrap">
          <a className="ks-user-card-avatar-link" href={profileHref} tabIndex={-1} aria-hidden="true">
            <LazyImage className="ks-user-card-avatar" src={card.avatarUrl} alt="" width={72} height={72} />
          </a>
          <PresenceDot dot={line.presenceDot} onAvatar />
        </div>
        <div className="ks-user-card-identity">
          <h2 id={titleId} className="ks-user-card-name">
            <a href={profileHref}>{card.username}</a>
            <TaglineBadges tagline={line} />
          </h2>
          <p className="ks-user-card-meta">
            <CountryFlag code={card.country} name={card.countryName} size="small" />
            <span>{fullName || card.countryName}</span>
          </p>
          {card.closedLabel && (
            <p className="ks-user-card-closed">
              <span className="ks-membership-badge ks-membership-badge-closed">{intl.formatMessage({ id: card.closedLabel })}</span>
            </p>
          )}
          {card.statusText && <p className="ks-user-card-status">{card.statusText}</p>}
          <PresenceButtonView button={line.presenceButton} />
        </div>
      </header>

      <dl className="ks-user-card-facts">
        <div className="ks-user-card-fact ks-user-card-ratings">
          <dt>{intl.formatMessage({ id: "user_card.ratings" })}</dt>
          <dd>
            {ratings.length === 0 ? (
              <span className="ks-muted">{intl.formatMessage({ id: "user_card.no_ratings" })}</span>
            ) : (
              <ul className="ks-user-card-rating-list" role="list">
                {ratings.map((rating) => (
                  <li key={rating.type}>
                    <span className="ks-muted">{intl.formatMessage({ id: `user_card.rating_type.${rating.type}`, defaultMessage: rating.type })}</span>{" "}
                    <RatingFigure rating={rating.rating} provisional={rating.provisional} />
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
        {score && (
          <div className="ks-user-card-fact">
            <dt>{intl.formatMessage({ id: "user_card.lifetime_score" })}</dt>
            <dd className="ks-lifetime-score" aria-label={intl.formatMessage({ id: "user_card.lifetime_score_label" }, score)}>
              <span className="ks-score-win">{intl.formatNumber(score.win)}</span>
              <span className="ks-score-sep" aria-hidden="true">/</span>
              <span className="ks-score-draw">{intl.formatNumber(score.draw)}</span>
              <span className="ks-score-sep" aria-hidden="true">/</span>
              <span className="ks-score-lose">{intl.formatNumber(score.lose)}</span>
            </dd>
          </div>
        )}
        <div className="ks-user-card-fact">
          <dt>{intl.formatMessage({ id: "profile.friends" })}</dt>
          <dd>{intl.formatNumber(card.counts.friends)}</dd>
        </div>
        <div className="ks-user-card-fact">
          <dt>{intl.formatMessage({ id: "profile.followers" })}</dt>
          <dd>{intl.formatNumber(card.counts.followers)}</dd>
        </div>
        <div className="ks-user-card-fact">
          <dt>{intl.formatMessage({ id: "member.joined" })}</dt>
          <dd>{intl.formatDate(card.joinDate, { dateStyle: "medium" })}</dd>
        </div>
        {card.clubs.length > 0 && (
          <div className="ks-user-card-fact ks-user-card-clubs">
            <dt>{intl.formatMessage({ id: "user_card.clubs" })}</dt>
            <dd>
              <ul className="ks-user-card-club-list" role="list">
                {card.clubs.map((club) => (
                  <li key={club.url}>
                    <a href={link("web_club", { url: club.url })}>{club.name}</a>
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        )}
      </dl>

      {card.note && (
        <p className="ks-user-card-note">
          <span className="ks-muted">{intl.formatMessage({ id: "user_card.your_note" })}</span> {card.note}
        </p>
      )}

      <CardActionBar viewer={viewer} card={card} gameLink={presence.gameLink} omit={actionsShownByPresence(line.presenceButton)} onActionClick={onActionClick} onDone={onReload} />
    </div>
  );
}
