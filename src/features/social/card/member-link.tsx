import { useLinks } from "../../../platform/links/use-links.ts";
import { useUserCardTrigger } from "./user-card-provider.tsx";

export interface MemberLinkProps {
  readonly username: string;
  readonly className?: string;
}

/**
 * A username as a link to the profile that opens the user card on hover or
 * click, without the flag: for places that never show one (the game page's
 * player bars, the lobby's table), so that their pages do not load the flag
 * chunk. MemberName draws the same link beside the flag and title.
 */
export function MemberLink({ username, className }: MemberLinkProps) {
  const link = useLinks();
  const trigger = useUserCardTrigger(username);
  return (
    <span className={className ? `ks-member-name ${className}` : "ks-member-name"}>
      <UsernameLink username={username} trigger={trigger} href={link("web_member_profile", { username })} />
    </span>
  );
}

/** The link itself, shared with MemberName. */
export function UsernameLink({ username, href, trigger }: { readonly username: string; readonly href: string; readonly trigger: ReturnType<typeof useUserCardTrigger> }) {
  return (
    <a href={href} data-username={username} {...trigger}>
      {username}
    </a>
  );
}
