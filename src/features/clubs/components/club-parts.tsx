import { PostButtonForm, type PostButtonFormProps } from "../../../platform/security/post-button-form.tsx";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import { isClubFormError } from "../clubs.constants.ts";
import { CountryLabel } from "../../../ui/country-label.tsx";

/** A club as the lists show it (dates as ISO strings: loader data crosses to the browser). */
export interface ClubListItem {
  readonly id: number;
  readonly url: string;
  readonly name: string;
  readonly avatarUrl: string | null;
  readonly countryCode: string;
  readonly memberCount: number;
  readonly joinPolicy: "open" | "approval" | "invite";
}

export function ClubJoinPolicyLabel({ policy }: { policy: ClubListItem["joinPolicy"] }) {
  const intl = useIntl();
  const id = policy === "open" ? "clubs.join_policy.open" : policy === "approval" ? "clubs.join_policy.approval" : "clubs.join_policy.invite";
  return <span className="ks-club-policy">{intl.formatMessage({ id })}</span>;
}

export function ClubAvatar({ club, size = 48 }: { club: Pick<ClubListItem, "avatarUrl" | "name">; size?: number }) {
  if (club.avatarUrl) return <img className="ks-club-avatar" src={club.avatarUrl} alt="" width={size} height={size} loading="lazy" referrerPolicy="no-referrer" />;
  return (
    <span className="ks-club-avatar ks-club-avatar-letter" aria-hidden="true">
      {club.name.slice(0, 1).toUpperCase()}
    </span>
  );
}

/** The design system's empty state for a club list or section with nothing in it. */
export function ClubsEmpty({ messageId }: { messageId: string }) {
  const intl = useIntl();
  return <p className="ks-empty-state ks-clubs-empty">{intl.formatMessage({ id: messageId })}</p>;
}

/** A list of clubs with their size and how one joins; `emptyId` when there are none. */
export function ClubList({ clubs, emptyId, labelledBy }: { clubs: readonly ClubListItem[]; emptyId: string; labelledBy?: string }) {
  const intl = useIntl();
  const link = useLinks();
  if (clubs.length === 0) return <ClubsEmpty messageId={emptyId} />;
  return (
    <ul className="ks-club-list" role="list" aria-labelledby={labelledBy}>
      {clubs.map((club) => (
        <li key={club.id} className="ks-club-list-item" data-club={club.url}>
          <ClubAvatar club={club} />
          <div className="ks-club-list-text">
            <a className="ks-club-list-name" href={link("web_club", { url: club.url })}>
              {club.name}
            </a>
            <span className="ks-club-list-facts">
              <span>{intl.formatMessage({ id: "clubs.members_count" }, { count: club.memberCount })}</span>
              <ClubJoinPolicyLabel policy={club.joinPolicy} />
              <CountryLabel code={club.countryCode} />
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The refusal a form post came back with (?error=code), as an alert: the create and edit forms' own codes have their own messages. */
export function ClubFormError({ code }: { code: string | null }) {
  const intl = useIntl();
  if (!code) return null;
  return (
    <p className="ks-form-error" role="alert">
      {intl.formatMessage({ id: isClubFormError(code) ? `clubs.create.error.${code}` : `clubs.error.${code}`, defaultMessage: intl.formatMessage({ id: "clubs.error.unknown" }) })}
    </p>
  );
}

/** A one-button form posting to a club callback, coming back to `back`. */
export function ClubActionForm(props: Omit<PostButtonFormProps, "className">) {
  return <PostButtonForm {...props} className="ks-club-action-form" />;
}
