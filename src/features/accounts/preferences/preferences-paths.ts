/** Zod-free: the preferences panel in the browser needs them too. */

/** The callback paths, one place for the forms, the hook and the routes. */
export const preferencePaths = {
  archiveView: "/callback/user/archive-view",
  homeContentType: "/callback/user/home-recent-content-type",
  fairPlayAgree: (agree: boolean) => `/callback/user/set-fair-play-agree/${agree ? 1 : 0}`,
  allowFriendRequests: "/callback/user/allow-friend-requests",
} as const;
