/**
 * The profile's parts for its owner and for staff (the status editor, the
 * pending friend requests, the staff's account panels): one chunk that the
 * member page loads through lazyModule, so a visitor never downloads it.
 * @signedInOnly: nor is a visitor who is not signed in sent its messages.
 */
export { MemberAccountPanels } from "../../accounts/staff/member-account-panels.tsx";
export { PendingFriendRequests } from "../../social/notifications/pending-friend-requests.tsx";
export { StatusEditor } from "../profile/status-editor.tsx";
