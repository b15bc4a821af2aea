import { CountryFlag } from "../../../ui/country-flag.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import type { MemberSummary } from "../members.schema.ts";

/** A member's name as lists show it: flag, title badge, username link. */
export function MemberName({ member }: { member: MemberSummary }) {
  const link = useLinks();
  return (
    <span className="ks-member-name">
      <CountryFlag code={member.countryCode} size="small" />
      {member.chessTitle && <abbr className="ks-title-badge" title={member.chessTitle}>{member.chessTitle}</abbr>}
      <a href={link("web_member_profile", { username: member.username })} data-username={member.username}>
        {member.username}
      </a>
    </span>
  );
}
