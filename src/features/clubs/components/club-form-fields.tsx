import type { ReactNode } from "react";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { CLUB_AVATAR_MAX_BYTES, CLUB_BACKGROUND_MAX_BYTES, CLUB_DESCRIPTION_MAX, CLUB_IMAGE_ACCEPT, CLUB_NAME_MAX, CLUB_NAME_MIN, type ClubJoinPolicy } from "../clubs.constants.ts";
import { CountrySelect } from "../../../ui/country-select.tsx";

/** What the form starts with: a refused post's kept values, else the club's (edit) or nothing (create). */
export interface ClubFormValues {
  readonly name: string;
  readonly description: string;
  readonly country: string;
  readonly joinPolicy: ClubJoinPolicy;
}

const megabytes = (bytes: number): number => Math.round(bytes / (1024 * 1024));

/**
 * The fields the create and edit forms share: name, description, country,
 * how members join, and the two image files (the form around them posts
 * multipart/form-data). Limits mirror the server's, which decides anyway.
 */
export function ClubProfileFields({ values, countries, idPrefix, address }: { values: ClubFormValues; countries: readonly { code: string; name: string }[]; idPrefix: string; /** The url slug's field (create) or its fixed value (edit), after the name. */ address: ReactNode }) {
  const intl = useIntl();
  return (
    <>
      <label className="ks-field">
        {intl.formatMessage({ id: "clubs.create.name" })}
        <input name="name" required minLength={CLUB_NAME_MIN} maxLength={CLUB_NAME_MAX} defaultValue={values.name} />
      </label>
      {address}
      <label className="ks-field">
        {intl.formatMessage({ id: "clubs.create.description" })}
        <textarea name="description" rows={4} maxLength={CLUB_DESCRIPTION_MAX} defaultValue={values.description} />
      </label>
      <label className="ks-field">
        {intl.formatMessage({ id: "clubs.form.country" })}
        <CountrySelect countries={countries} defaultValue={values.country} />
      </label>
      <label className="ks-field">
        {intl.formatMessage({ id: "clubs.create.join_policy" })}
        <select name="joinPolicy" defaultValue={values.joinPolicy}>
          <option value="open">{intl.formatMessage({ id: "clubs.join_policy.open" })}</option>
          <option value="approval">{intl.formatMessage({ id: "clubs.join_policy.approval" })}</option>
          <option value="invite">{intl.formatMessage({ id: "clubs.join_policy.invite" })}</option>
        </select>
      </label>
      <label className="ks-field">
        {intl.formatMessage({ id: "clubs.form.avatar" })}
        <input name="avatar" type="file" accept={CLUB_IMAGE_ACCEPT} aria-describedby={`${idPrefix}-avatar-hint`} />
        <span id={`${idPrefix}-avatar-hint`} className="ks-field-hint">
          {intl.formatMessage({ id: "clubs.form.avatar_hint" }, { megabytes: megabytes(CLUB_AVATAR_MAX_BYTES) })}
        </span>
      </label>
      <label className="ks-field">
        {intl.formatMessage({ id: "clubs.form.background" })}
        <input name="background" type="file" accept={CLUB_IMAGE_ACCEPT} aria-describedby={`${idPrefix}-background-hint`} />
        <span id={`${idPrefix}-background-hint`} className="ks-field-hint">
          {intl.formatMessage({ id: "clubs.form.background_hint" }, { megabytes: megabytes(CLUB_BACKGROUND_MAX_BYTES) })}
        </span>
      </label>
    </>
  );
}
