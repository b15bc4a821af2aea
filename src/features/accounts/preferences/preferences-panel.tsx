import type { MouseEvent } from "react";
import { useIntl } from "react-intl";
import { useLocation } from "react-router";
import { FormSecurityFields } from "../components/csrf-field.tsx";
import { archiveViews, homeContentTypes, type ArchiveView, type HomeContentType } from "../current-user.ts";
import {
  allowFriendRequestsResponseSchema,
  archiveViewResponseSchema,
  fairPlayAgreeResponseSchema,
  homeContentTypeResponseSchema,
  preferencePaths,
} from "./preferences.schema.ts";
import { useOptimisticSetting } from "./use-optimistic-setting.ts";

export interface PreferencesPanelProps {
  readonly archiveView: ArchiveView;
  readonly homeContentType: HomeContentType;
  readonly fairPlayAgree: boolean;
  readonly allowFriendRequests: boolean;
  /** Guests may not choose the home feed or friend requests (they are social). */
  readonly canChooseHomeContent: boolean;
}

/** The page to come back to after a form post without JavaScript, minus any earlier notice. */
function useReturnPath(): string {
  const location = useLocation();
  const query = new URLSearchParams(location.search);
  query.delete("error");
  query.delete("done");
  const search = query.toString();
  return location.pathname + (search ? `?${search}` : "");
}

/**
 * The signed-in member's display preferences, on their own profile page:
 * archive view, home feed and the fair-play agreement. Every control is a
 * submit button of a real form (it works before and without JavaScript);
 * with JavaScript the change shows at once and is saved in the background,
 * and rolled back if the server refuses it.
 */
export function PreferencesPanel({ archiveView, homeContentType, fairPlayAgree, allowFriendRequests, canChooseHomeContent }: PreferencesPanelProps) {
  const intl = useIntl();
  const returnPath = useReturnPath();
  const view = useOptimisticSetting(archiveView, (client, next: ArchiveView) => client.post(preferencePaths.archiveView, archiveViewResponseSchema, { archiveView: next }));
  const feed = useOptimisticSetting(homeContentType, (client, next: HomeContentType) =>
    client.post(preferencePaths.homeContentType, homeContentTypeResponseSchema, { recentContentType: next }),
  );
  const friendRequests = useOptimisticSetting(allowFriendRequests, (client, next: boolean) =>
    client.post(preferencePaths.allowFriendRequests, allowFriendRequestsResponseSchema, { allow: next }),
  );
  const fairPlay = useOptimisticSetting(fairPlayAgree, (client, next: boolean) => client.post(preferencePaths.fairPlayAgree(next), fairPlayAgreeResponseSchema));

  function handleChoice<T>(event: MouseEvent<HTMLButtonElement>, setting: { value: T; change: (next: T) => Promise<boolean> }, next: T) {
    event.preventDefault();
    if (setting.value !== next) void setting.change(next);
  }

  return (
    <section className="ks-card ks-preferences" aria-labelledby="preferences-title">
      <h2 id="preferences-title">{intl.formatMessage({ id: "preferences.title" })}</h2>

      <form method="post" action={preferencePaths.archiveView} className="ks-preference" aria-busy={view.pending}>
        <FormSecurityFields />
        <input type="hidden" name="redirectUrl" value={returnPath} />
        <span className="ks-preference-label" id="pref-archive-view">{intl.formatMessage({ id: "preferences.archive_view" })}</span>
        <div className="ks-segmented" role="group" aria-labelledby="pref-archive-view">
          {archiveViews.map((option) => (
            <button
              key={option}
              type="submit"
              name="archiveView"
              value={option}
              className="ks-segmented-option"
              aria-pressed={view.value === option}
              onClick={(event) => handleChoice(event, view, option)}
            >
              {intl.formatMessage({ id: `preferences.archive_view.${option}` })}
            </button>
          ))}
        </div>
      </form>

      {canChooseHomeContent && (
        <form method="post" action={preferencePaths.homeContentType} className="ks-preference" aria-busy={feed.pending}>
          <FormSecurityFields />
          <input type="hidden" name="redirectUrl" value={returnPath} />
          <span className="ks-preference-label" id="pref-home-content">{intl.formatMessage({ id: "preferences.home_content_type" })}</span>
          <div className="ks-segmented" role="group" aria-labelledby="pref-home-content">
            {homeContentTypes.map((option) => (
              <button
                key={option}
                type="submit"
                name="recentContentType"
                value={option}
                className="ks-segmented-option"
                aria-pressed={feed.value === option}
                onClick={(event) => handleChoice(event, feed, option)}
              >
                {intl.formatMessage({ id: `preferences.home_content_type.${option}` })}
              </button>
            ))}
          </div>
        </form>
      )}

      {canChooseHomeContent && (
        <form method="post" action={preferencePaths.allowFriendRequests} className="ks-preference" aria-busy={friendRequests.pending}>
          <FormSecurityFields />
          <input type="hidden" name="redirectUrl" value={returnPath} />
          <input type="hidden" name="allow" value={friendRequests.value ? "0" : "1"} />
          <span className="ks-preference-label" id="pref-friend-requests">{intl.formatMessage({ id: "preferences.friend_requests" })}</span>
          <button
            type="submit"
            role="switch"
            aria-checked={friendRequests.value}
            aria-labelledby="pref-friend-requests"
            aria-describedby="pref-friend-requests-state"
            className="ks-switch"
            onClick={(event) => handleChoice(event, friendRequests, !friendRequests.value)}
          >
            <span className="ks-switch-track" aria-hidden="true"><span className="ks-switch-thumb" /></span>
            <span id="pref-friend-requests-state">{intl.formatMessage({ id: friendRequests.value ? "preferences.friend_requests.on" : "preferences.friend_requests.off" })}</span>
          </button>
        </form>
      )}

      <form method="post" action={preferencePaths.fairPlayAgree(!fairPlay.value)} className="ks-preference" aria-busy={fairPlay.pending}>
        <FormSecurityFields />
        <input type="hidden" name="redirectUrl" value={returnPath} />
        <span className="ks-preference-label" id="pref-fair-play">{intl.formatMessage({ id: "preferences.fair_play" })}</span>
        <button
          type="submit"
          role="switch"
          aria-checked={fairPlay.value}
          aria-labelledby="pref-fair-play"
          aria-describedby="pref-fair-play-state"
          className="ks-switch"
          onClick={(event) => handleChoice(event, fairPlay, !fairPlay.value)}
        >
          <span className="ks-switch-track" aria-hidden="true"><span className="ks-switch-thumb" /></span>
          <span id="pref-fair-play-state">{intl.formatMessage({ id: fairPlay.value ? "preferences.fair_play.agreed" : "preferences.fair_play.not_agreed" })}</span>
        </button>
      </form>
    </section>
  );
}
