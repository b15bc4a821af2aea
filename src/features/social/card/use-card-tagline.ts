import { useLinks } from "../../../platform/links/use-links.ts";
import { useFeatureFlags } from "../../../ui/feature-flags-context.tsx";
import { derivePresence, type DerivedPresence } from "../../presence/derive-presence.ts";
import { tagline, type Tagline } from "./tagline.ts";
import { useMemberPresence } from "./presence-adapter.ts";
import type { CardUser } from "./user-card.schema.ts";

export interface CardTagline {
  readonly presence: DerivedPresence;
  readonly line: Tagline;
  /** First and last name, or "" when the member gave neither. */
  readonly fullName: string;
}

/**
 * What the user card and the member page show under a member's name: live
 * presence, badges, the challenge link. Whether the viewer may challenge is the
 * caller's answer (card-actions.ts), so a page can decide it on the server.
 */
export function useCardTagline(card: CardUser, mayChallenge: boolean): CardTagline {
  const link = useLinks();
  const flags = useFeatureFlags();
  const presence = derivePresence(useMemberPresence(card.userId));
  const line = tagline(
    { username: card.username, chessTitle: card.chessTitle, membershipLevel: card.membership.level, flairCode: card.flair?.code ?? null },
    { membership_badges: flags.membership_badges === true, web_flair_rpc: flags.web_flair_rpc === true },
    presence,
    mayChallenge ? link("web_play_new", { opponent: card.username }) : null,
  );
  return { presence, line, fullName: [card.firstName, card.lastName].filter(Boolean).join(" ") };
}
