import type { RouteModule } from "./links/route-modules.server.ts";
import type { platformPages } from "./platform.pages.ts";

export const platformPageModules: Readonly<Record<(typeof platformPages)[number]["name"], RouteModule>> = {
  web_verification_index: { file: "platform/security/human-check/verification-page.tsx" },
};
