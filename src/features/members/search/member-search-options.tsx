import { CountryFlag } from "../../../ui/country-flag.tsx";

export interface SuggestedMember {
  readonly username: string;
  readonly countryCode: string;
  readonly chessTitle: string | null;
}

export interface MemberSearchOptionsProps {
  readonly members: readonly SuggestedMember[];
  readonly active: number;
  readonly optionId: (index: number) => string;
  readonly onPick: (member: SuggestedMember) => void;
  readonly onHover: (index: number) => void;
}

/**
 * The header box's options (a chunk of their own, loaded when the box is
 * first used: the flags would otherwise weigh on every page).
 */
export function MemberSearchOptions({ members, active, optionId, onPick, onHover }: MemberSearchOptionsProps) {
  return members.map((member, index) => (
    <li
      key={member.username}
      id={optionId(index)}
      role="option"
      aria-selected={index === active}
      className="ks-header-search-option"
      // Keeps the focus in the field, so the click lands before the list closes.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => onPick(member)}
      onMouseMove={() => onHover(index)}
    >
      {member.countryCode && <CountryFlag code={member.countryCode} size="small" />}
      {member.chessTitle && <span className="ks-title-badge">{member.chessTitle}</span>}
      <span className="ks-header-search-name">{member.username}</span>
    </li>
  ));
}
