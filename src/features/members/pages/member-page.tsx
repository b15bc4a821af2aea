import { useIntl } from "react-intl";
import { data } from "react-router";
import type { Route } from "./+types/member-page";
import { requirePage } from "../../../platform/pages/page-loader.server.ts";
import { PageHeader } from "../../../platform/pages/page-header.tsx";
import { CountryFlag } from "../../../ui/country-flag.tsx";
import { RelativeTime } from "../../../ui/relative-time.tsx";
import { membershipName } from "../../accounts/levels.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { params } = requirePage(request);
  const profile = await context.services.members.profile(params.username ?? "");
  if (!profile) throw data(null, { status: 404 });
  return { profile };
}

export default function MemberPage({ loaderData }: Route.ComponentProps) {
  const { profile } = loaderData;
  const intl = useIntl();
  const fullName = [profile.firstName, profile.lastName].filter(Boolean).join(" ");
  return (
    <section className="ks-page ks-member" aria-labelledby="page-title">
      <PageHeader title={profile.username}>
        <p className="ks-member-line">
          <CountryFlag code={profile.countryCode} size="medium" />
          {profile.chessTitle && <abbr className="ks-title-badge" title={profile.chessTitle}>{profile.chessTitle}</abbr>}
          {fullName && <span>{fullName}</span>}
          <span className="ks-membership-badge">{intl.formatMessage({ id: `membership.${membershipName(profile.membershipLevel)}` })}</span>
        </p>
        {profile.statusText && <p className="ks-status-text">{profile.statusText}</p>}
      </PageHeader>
      <dl className="ks-facts">
        <div>
          <dt>{intl.formatMessage({ id: "member.joined" })}</dt>
          <dd><RelativeTime date={profile.joinedAt} /></dd>
        </div>
        <div>
          <dt>{intl.formatMessage({ id: "member.last_online" })}</dt>
          <dd>{profile.lastOnlineAt ? <RelativeTime date={profile.lastOnlineAt} /> : intl.formatMessage({ id: "member.never_online" })}</dd>
        </div>
      </dl>
      <div className="ks-empty-state" role="status">
        <p>{intl.formatMessage({ id: "member.no_games" })}</p>
      </div>
    </section>
  );
}
