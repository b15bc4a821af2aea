import type { RouteModule } from "../../platform/links/route-modules.server.ts";
import type { accountsPages } from "./accounts.pages.ts";

const loginPage = "features/accounts/pages/login-page.tsx";

export const accountsPageModules: Readonly<Record<(typeof accountsPages)[number]["name"], RouteModule>> = {
  web_security_register: { file: "features/accounts/registration/pages/register-page.tsx" },
  web_security_login: { file: loginPage },
  web_security_login_and_go: { file: loginPage },
  web_security_forgot_password: { file: "features/accounts/password-reset/pages/forgot-password-page.tsx" },
  web_security_reset_password: { file: "features/accounts/password-reset/pages/reset-password-page.tsx" },
  web_user_settings_confirm_email: { file: "features/accounts/settings/pages/confirm-email-page.tsx" },
  web_2fa_login: { file: "features/accounts/two-factor/pages/two-factor-page.tsx" },
  web_user_settings: { file: "features/accounts/settings/pages/settings-page.tsx" },
  web_membership: { file: "features/accounts/membership/pages/membership-page.tsx" },
  web_members_gifters: { file: "features/accounts/membership/pages/gifters-page.tsx" },
  web_members_enable: { file: "features/accounts/staff/pages/enable-member-page.tsx" },
};
