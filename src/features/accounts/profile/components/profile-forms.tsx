import { useIntl } from "../../../../platform/i18n/intl.tsx";
import { LazyImage } from "../../../../ui/lazy-image.tsx";
import { FormSecurityFields } from "../../components/csrf-field.tsx";
import { defaultAvatarUrl } from "../../current-user.ts";
import type { CountryOption } from "../../registration/country-options.server.ts";
import { AVATAR_ACCEPT, AVATAR_MAX_BYTES, PROFILE_LIMITS, type ProfileDetails } from "../profile-limits.ts";
import { CountrySelect } from "../../../../ui/country-select.tsx";

/**
 * The member's profile in /settings: the avatar (upload, remove) and the
 * fields others see (names, location, country, bio). When staff turned
 * profile editing off, the member sees why and the forms are disabled (the
 * server refuses the posts anyway).
 */
export function ProfileForms({ profile, username, countries }: { profile: ProfileDetails; username: string; countries: readonly CountryOption[] }) {
  const intl = useIntl();
  const locked = !profile.editingAllowed;
  const megabytes = Math.round(AVATAR_MAX_BYTES / (1024 * 1024));
  return (
    <>
      {locked && (
        <p className="ks-account-notice" role="status" data-profile-locked="true">
          {intl.formatMessage({ id: "profile_settings.locked" })}
        </p>
      )}
      <div className="ks-settings-avatar">
        <LazyImage src={profile.avatarUrl ?? defaultAvatarUrl} alt={intl.formatMessage({ id: "profile_settings.avatar.current" }, { username })} width={96} height={96} />
        <div className="ks-settings-block">
          <form method="post" action="/settings/avatar" encType="multipart/form-data" className="ks-settings-avatar-form">
            <FormSecurityFields />
            <label className="ks-field">
              <span>{intl.formatMessage({ id: "profile_settings.avatar.choose" })}</span>
              <input name="avatar" type="file" accept={AVATAR_ACCEPT} required disabled={locked} aria-describedby="avatar-hint" />
            </label>
            <p id="avatar-hint" className="ks-muted">{intl.formatMessage({ id: "profile_settings.avatar.hint" }, { megabytes })}</p>
            <div className="ks-actions">
              <button type="submit" className="ks-button ks-button-primary" disabled={locked}>{intl.formatMessage({ id: "profile_settings.avatar.upload" })}</button>
            </div>
          </form>
          {profile.avatarUrl && (
            <form method="post" action="/settings/avatar/remove" className="ks-inline-form">
              <FormSecurityFields />
              <button type="submit" className="ks-button" disabled={locked}>{intl.formatMessage({ id: "profile_settings.avatar.remove" })}</button>
            </form>
          )}
        </div>
      </div>
      <form method="post" action="/settings/profile" className="ks-form ks-settings-form ks-profile-fields">
        <FormSecurityFields />
        <fieldset disabled={locked} className="ks-settings-fieldset">
          <legend className="ks-visually-hidden">{intl.formatMessage({ id: "profile_settings.fields" })}</legend>
          <div className="ks-settings-pair">
            <label className="ks-field">
              <span>{intl.formatMessage({ id: "profile_settings.first_name" })}</span>
              <input name="first_name" autoComplete="given-name" maxLength={PROFILE_LIMITS.firstName} defaultValue={profile.firstName ?? ""} />
            </label>
            <label className="ks-field">
              <span>{intl.formatMessage({ id: "profile_settings.last_name" })}</span>
              <input name="last_name" autoComplete="family-name" maxLength={PROFILE_LIMITS.lastName} defaultValue={profile.lastName ?? ""} />
            </label>
          </div>
          <label className="ks-field">
            <span>{intl.formatMessage({ id: "profile_settings.location" })}</span>
            <input name="location" autoComplete="address-level2" maxLength={PROFILE_LIMITS.location} defaultValue={profile.location ?? ""} />
          </label>
          <label className="ks-field">
            <span>{intl.formatMessage({ id: "profile_settings.country" })}</span>
            <CountrySelect countries={countries} defaultValue={profile.country} required />
          </label>
          <label className="ks-field">
            <span>{intl.formatMessage({ id: "profile_settings.bio" })}</span>
            <textarea name="bio" rows={4} maxLength={PROFILE_LIMITS.bio} defaultValue={profile.bio ?? ""} />
          </label>
          <div className="ks-actions">
            <button type="submit" className="ks-button ks-button-primary">{intl.formatMessage({ id: "profile_settings.save" })}</button>
          </div>
        </fieldset>
      </form>
    </>
  );
}
