import { DIGITS, type PageRouteDefinition } from "../../platform/links/route-table.ts";

/** The single-use links sent by email (32 random bytes, base64url). */
const EMAIL_LINK_TOKEN = "[A-Za-z0-9_-]{43}";

/** The accounts feature's pages: joining, signing in, settings, membership and staff tools. Their modules: accounts.page-modules.server.ts. */
export const accountsPages = [
  { name: "web_security_register", path: "/register", query: ["redirectUrl"] },
  { name: "web_security_login", path: "/login", query: ["redirectUrl", "done"] },
  { name: "web_security_login_and_go", path: "/login_and_go", query: ["redirectUrl"] },
  // Not in spec 000: account basics by email (docs/decisions/0023).
  { name: "web_security_forgot_password", path: "/forgot-password", query: ["done", "error"] },
  { name: "web_security_reset_password", path: "/reset-password/{token}", requirements: { token: EMAIL_LINK_TOKEN }, query: ["error"], secrets: ["token"] },
  { name: "web_user_settings_confirm_email", path: "/settings/email/confirm/{token}", requirements: { token: EMAIL_LINK_TOKEN }, query: ["error"], secrets: ["token"] },
  { name: "web_2fa_login", path: "/2fa", query: ["redirectUrl"] },
  { name: "web_user_settings", path: "/settings", query: ["done", "error"] },
  { name: "web_membership", path: "/membership", query: ["c", "b", "plans"] },
  { name: "web_members_gifters", path: "/members/gifters", query: ["page"] },
  { name: "web_members_enable", path: "/members/enable/{id}", requirements: { id: DIGITS } },
] as const satisfies readonly PageRouteDefinition[];
