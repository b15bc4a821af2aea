import { CountryFlag } from "../../../ui/country-flag.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import { useUserCardTrigger } from "./user-card-provider.tsx";
import { UsernameLink } from "./member-link.tsx";
import type { MemberSummary } from "../../accounts/member-summary.schema.ts";

/** What a username needs to show: the name, and optionally the flag and title beside it. */
export type MemberNameData = Pick<MemberSummary, "username"> & Partial<Pick<MemberSummary, "countryCode" | "chessTitle">>;

export interface MemberNameProps {
  readonly member: MemberNameData;
  /** Show the country flag (when the member's country is known). Default true. */
  readonly showFlag?: boolean;
  readonly className?: string;
}

/**
 * The one way the site shows a username: flag, title badge and the link to the
 * profile. Hovering or clicking the link opens the user card (see
 * social/card/user-card-provider.tsx); without JavaScript it is a plain link.
 * Where no flag is ever shown, MemberLink (member-link.tsx) spares the page the flag chunk.
 */
export function MemberName({ member, showFlag = true, className }: MemberNameProps) {
  const link = useLinks();
  const trigger = useUserCardTrigger(member.username);
  return (
    <span className={className ? `ks-member-name ${className}` : "ks-member-name"}>
      {showFlag && member.countryCode && <CountryFlag code={member.countryCode} size="small" />}
      {member.chessTitle && <abbr className="ks-title-badge" title={member.chessTitle}>{member.chessTitle}</abbr>}
      <UsernameLink username={member.username} href={link("web_member_profile", { username: member.username })} trigger={trigger} />
    </span>
  );
}
