import type { ConfirmKind } from "../../../ui/confirm-popover.tsx";
import type { HttpMethod } from "../../../platform/http/http-client.ts";
import type { LinkGenerator } from "../../../platform/links/links.ts";
import type { CardActionId } from "./card-actions.ts";
import type { CardUser } from "./user-card.schema.ts";
import { usernamePath } from "./user-card-calls.ts";

/**
 * What each offered action does. Calls go through the HTTP client and reload
 * the card; links go to existing pages. Actions whose feature does not exist
 * yet, and that have no page to link to, are "unavailable" and not shown:
 *
 * | action            | target                                                        |
 * |-------------------|---------------------------------------------------------------|
 * | addFriend         | POST /callback/friend/{user}/request                          |
 * | cancelRequest     | POST /callback/friend/{user}/cancel/request                   |
 * | acceptRequest     | PUT /callback/friend/{user}/accept                            |
 * | declineRequest    | DELETE /callback/friend/{user}/decline/request                |
 * | removeFriend      | DELETE /callback/friend/{user}/delete, after a confirmation   |
 * | follow / unfollow | POST /callback/member/{username}/track, /untrack              |
 * | block / unblock   | POST /callback/member/{username}/block (confirmed), /unblock  |
 * | muteAccount       | POST /callback/member/{username}/mute-account, confirmed, optimistic |
 * | unmuteAccount     | POST /callback/member/{username}/unmute-account, confirmed, optimistic |
 * | report            | the report form: POST /callback/report-user                   |
 * | challenge         | link: play new with the opponent (web_play_new?opponent=)     |
 * | archive           | link: the member's game archive against the viewer            |
 * | giftMembership    | link: the gift form on the member's profile (#gift-membership)|
 * | observe           | link: the game the member is playing (presence), else hidden  |
 * | award             | link: the member's profile, whose trophy cabinet opens the award dialog (#award-trophy) |
 * | message           | hidden: no messages feature or page yet                       |
 * | globalChat        | hidden: no chat feature or page yet                           |
 * | analysis          | hidden: no analysis board page yet                            |
 * | warn, mute, kick, ban, clientName | hidden: the moderation feature is not built yet; staff find the account tools on the profile |
 */
/** What a call changes on the card, shown at once and rolled back if the server refuses. */
export type CardOptimisticPatch = Partial<Pick<CardUser, "isMuted">>;

export type CardActionTarget =
  | { readonly kind: "call"; readonly method: HttpMethod; readonly path: string; readonly confirm: ConfirmKind | null; readonly optimistic?: CardOptimisticPatch }
  | { readonly kind: "link"; readonly href: string }
  | { readonly kind: "report" }
  | { readonly kind: "unavailable" };

export interface CardActionTargetContext {
  readonly username: string;
  readonly viewerUsername: string;
  /** The game the member is playing, from their presence (the Watch button). */
  readonly gameLink: string | null;
  readonly link: LinkGenerator;
}

const unavailable: CardActionTarget = { kind: "unavailable" };

function call(method: HttpMethod, path: string, confirm: ConfirmKind | null = null, optimistic?: CardOptimisticPatch): CardActionTarget {
  return optimistic ? { kind: "call", method, path, confirm, optimistic } : { kind: "call", method, path, confirm };
}

export function cardActionTarget(action: CardActionId, context: CardActionTargetContext): CardActionTarget {
  const user = usernamePath(context.username);
  switch (action) {
    case "addFriend":
      return call("POST", `/callback/friend/${user}/request`);
    case "cancelRequest":
      return call("POST", `/callback/friend/${user}/cancel/request`);
    case "acceptRequest":
      return call("PUT", `/callback/friend/${user}/accept`);
    case "declineRequest":
      return call("DELETE", `/callback/friend/${user}/decline/request`);
    case "removeFriend":
      return call("DELETE", `/callback/friend/${user}/delete`, "removeFriend");
    case "follow":
      return call("POST", `/callback/member/${user}/track`);
    case "unfollow":
      return call("POST", `/callback/member/${user}/untrack`);
    case "block":
      return call("POST", `/callback/member/${user}/block`, "blockUser");
    case "unblock":
      return call("POST", `/callback/member/${user}/unblock`);
    // Spec 001 §5 lists a confirmation for muting and unmuting a user: "Are you sure?".
    case "muteAccount":
      return call("POST", `/callback/member/${user}/mute-account`, "generic", { isMuted: true });
    case "unmuteAccount":
      return call("POST", `/callback/member/${user}/unmute-account`, "generic", { isMuted: false });
    case "report":
      return { kind: "report" };
    case "challenge":
      return { kind: "link", href: context.link("web_play_new", { opponent: context.username }) };
    case "archive":
      return { kind: "link", href: context.link("web_games_archive", { username: context.username, opponent: context.viewerUsername }) };
    case "giftMembership":
      return { kind: "link", href: context.link("web_member_profile", { username: context.username }, { anchor: "gift-membership" }) };
    case "observe":
      return context.gameLink ? { kind: "link", href: context.gameLink } : unavailable;
    case "award":
      return { kind: "link", href: context.link("web_member_profile", { username: context.username }, { anchor: "award-trophy" }) };
    case "message":
    case "globalChat":
    case "analysis":
    case "warn":
    case "mute":
    case "kick":
    case "ban":
    case "clientName":
      return unavailable;
  }
}
