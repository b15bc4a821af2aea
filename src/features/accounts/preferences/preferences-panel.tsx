import type { MouseEvent, ReactNode } from "react";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useLocation } from "react-router";
import { FormSecurityFields } from "../components/csrf-field.tsx";
import { archiveViews, homeContentTypes, type ArchiveView, type HomeContentType } from "../current-user.ts";
import { preferencePaths } from "./preferences-paths.ts";
import type { AllowFriendRequestsResponse, ArchiveViewResponse, FairPlayAgreeResponse, HomeContentTypeResponse } from "./preferences.schema.ts";
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
 * The signed-in member's display preferences, in the Preferences section of
 * /settings (which titles it):
 * archive view, home feed and the fair-play agreement. Every control is a
 * submit button of a real form (it works before and without JavaScript);
 * with JavaScript the change shows at once and is saved in the background,
 * and rolled back if the server refuses it.
 */
export function PreferencesPanel({ archiveView, homeContentType, fairPlayAgree, allowFriendRequests, canChooseHomeContent }: PreferencesPanelProps) {
  const intl = useIntl();
  const returnPath = useReturnPath();
  const view = useOptimisticSetting(archiveView, (client, next: ArchiveView) => client.post<ArchiveViewResponse>(preferencePaths.archiveView, { archiveView: next }));
  const feed = useOptimisticSetting(homeContentType, (client, next: HomeContentType) =>
    client.post<HomeContentTypeResponse>(preferencePaths.homeContentType, { recentContentType: next }),
  );
  const friendRequests = useOptimisticSetting(allowFriendRequests, (client, next: boolean) =>
    client.post<AllowFriendRequestsResponse>(preferencePaths.allowFriendRequests, { allow: next }),
  );
  const fairPlay = useOptimisticSetting(fairPlayAgree, (client, next: boolean) => client.post<FairPlayAgreeResponse>(preferencePaths.fairPlayAgree(next)));

  return (
    <div className="ks-preferences">
      <SegmentedPreference
        id="pref-archive-view"
        label={intl.formatMessage({ id: "preferences.archive_view" })}
        action={preferencePaths.archiveView}
        field="archiveView"
        options={archiveViews.map((option) => ({ value: option, label: intl.formatMessage({ id: `preferences.archive_view.${option}` }) }))}
        setting={view}
        returnPath={returnPath}
      />
      {canChooseHomeContent && (
        <SegmentedPreference
          id="pref-home-content"
          label={intl.formatMessage({ id: "preferences.home_content_type" })}
          action={preferencePaths.homeContentType}
          field="recentContentType"
          options={homeContentTypes.map((option) => ({ value: option, label: intl.formatMessage({ id: `preferences.home_content_type.${option}` }) }))}
          setting={feed}
          returnPath={returnPath}
        />
      )}
      {canChooseHomeContent && (
        <SwitchPreference
          id="pref-friend-requests"
          label={intl.formatMessage({ id: "preferences.friend_requests" })}
          state={intl.formatMessage({ id: friendRequests.value ? "preferences.friend_requests.on" : "preferences.friend_requests.off" })}
          action={preferencePaths.allowFriendRequests}
          hiddenFields={{ allow: friendRequests.value ? "0" : "1" }}
          setting={friendRequests}
          returnPath={returnPath}
        />
      )}
      <SwitchPreference
        id="pref-fair-play"
        label={intl.formatMessage({ id: "preferences.fair_play" })}
        state={intl.formatMessage({ id: fairPlay.value ? "preferences.fair_play.agreed" : "preferences.fair_play.not_agreed" })}
        action={preferencePaths.fairPlayAgree(!fairPlay.value)}
        setting={fairPlay}
        returnPath={returnPath}
      />
    </div>
  );
}

interface Setting<T> {
  readonly value: T;
  readonly pending: boolean;
  change(next: T): Promise<boolean>;
}

/** A real form for one preference (it posts without JavaScript and comes back to this page). */
function PreferenceForm({ id, label, action, pending, returnPath, hiddenFields = {}, children }: { id: string; label: string; action: string; pending: boolean; returnPath: string; hiddenFields?: Readonly<Record<string, string>>; children: ReactNode }) {
  return (
    <form method="post" action={action} className="ks-preference" aria-busy={pending}>
      <FormSecurityFields />
      <input type="hidden" name="redirectUrl" value={returnPath} />
      {Object.entries(hiddenFields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <span className="ks-preference-label" id={id}>{label}</span>
      {children}
    </form>
  );
}

/** With JavaScript, a choice shows at once and is saved in the background; without, the form posts. */
function handleChoice<T>(event: MouseEvent<HTMLButtonElement>, setting: Setting<T>, next: T) {
  event.preventDefault();
  if (setting.value !== next) void setting.change(next);
}

function SegmentedPreference<T extends string>(props: { id: string; label: string; action: string; field: string; options: readonly { value: T; label: string }[]; setting: Setting<T>; returnPath: string }) {
  const { id, label, action, field, options, setting, returnPath } = props;
  return (
    <PreferenceForm id={id} label={label} action={action} pending={setting.pending} returnPath={returnPath}>
      <div className="ks-segmented" role="group" aria-labelledby={id}>
        {options.map((option) => (
          <button
            key={option.value}
            type="submit"
            name={field}
            value={option.value}
            className="ks-segmented-option"
            aria-pressed={setting.value === option.value}
            onClick={(event) => handleChoice(event, setting, option.value)}
          >
            {option.label}
          </button>
        ))}
      </div>
    </PreferenceForm>
  );
}

function SwitchPreference(props: { id: string; label: string; state: string; action: string; hiddenFields?: Readonly<Record<string, string>>; setting: Setting<boolean>; returnPath: string }) {
  const { id, label, state, action, hiddenFields, setting, returnPath } = props;
  return (
    <PreferenceForm id={id} label={label} action={action} pending={setting.pending} returnPath={returnPath} hiddenFields={hiddenFields}>
      <button
        type="submit"
        role="switch"
        aria-checked={setting.value}
        aria-labelledby={id}
        aria-describedby={`${id}-state`}
        className="ks-switch"
        onClick={(event) => handleChoice(event, setting, !setting.value)}
      >
        <span className="ks-switch-track" aria-hidden="true"><span className="ks-switch-thumb" /></span>
        <span id={`${id}-state`}>{state}</span>
      </button>
    </PreferenceForm>
  );
}
