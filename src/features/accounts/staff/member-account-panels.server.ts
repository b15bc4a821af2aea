import type { KingsideLoadContext } from "../../../platform/http/load-context.ts";
import { pickCode } from "../membership/page-notices.ts";
import { membershipFailures } from "../membership/membership-rules.ts";
import { isProtectedAccount } from "./staff.policy.server.ts";
import { staffActionFailures } from "./staff.schema.ts";
import type { MemberAccountPanelsData, PanelNotice } from "./member-account-panels.tsx";

const doneNotices = {
  gifted: "membership.done.gifted",
  disabled: "staff.done.disabled",
  enabled: "staff.done.enabled",
  profile_editing_allowed: "staff.done.profile_editing_allowed",
  profile_editing_disallowed: "staff.done.profile_editing_disallowed",
} as const;
const doneCodes = ["gifted", "disabled", "enabled", "profile_editing_allowed", "profile_editing_disallowed"] as const;

/** The notice a form post without JavaScript came back with (?error= / ?done=), as a message key. */
function noticeFrom(query: URLSearchParams): PanelNotice | null {
  const done = pickCode(query.get("done"), doneCodes);
  if (done) return { kind: "success", messageKey: doneNotices[done] };
  const membershipError = pickCode(query.get("error"), membershipFailures);
  if (membershipError) return { kind: "error", messageKey: `membership.error.${membershipError}` };
  const staffError = pickCode(query.get("error"), staffActionFailures);
  if (staffError) return { kind: "error", messageKey: `staff.error.${staffError}` };
  if (query.get("error") === "validation_failed") return { kind: "error", messageKey: "membership.error.invalid_choice" };
  return null;
}

/**
 * What the account panels of /member/{username} show to this viewer (their
 * preferences are in /settings): a gift form on another member's page
 * when a gift is possible, and staff tools for staff. Hiding is a courtesy;
 * every action is checked again by its route.
 */
export async function memberAccountPanels(
  context: Pick<KingsideLoadContext, "viewer" | "services">,
  /** The member as the user card found them for this viewer; `canReceiveGift` is the card's answer from the gift rule. */
  member: { readonly id: number; readonly username: string; readonly isEnabled: boolean; readonly canReceiveGift: boolean },
  query: URLSearchParams,
): Promise<MemberAccountPanelsData> {
  const viewer = context.viewer;
  // Only a signed-in viewer posts the forms these notices answer (a visitor is not sent their messages).
  const notice = viewer.isLoggedIn ? noticeFrom(query) : null;
  const isSelf = viewer.isLoggedIn && viewer.id === member.id;
  // Only staff tools need the account's own row (its level, the profile-editing switch).
  const account = viewer.isStaff && !isSelf ? await context.services.staff.memberAccountByUsername(member.username) : null;
  const canGift = viewer.isMember && !isSelf && member.canReceiveGift;
  return {
    disabled: !member.isEnabled,
    notice,
    gift: canGift ? { username: member.username } : null,
    staff: account
      ? { memberId: account.id, username: account.username, isEnabled: account.isEnabled, canDisable: !isProtectedAccount(account.membershipLevel), profileEditingAllowed: account.profileEditingAllowed }
      : null,
  };
}
