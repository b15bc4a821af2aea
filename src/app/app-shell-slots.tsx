import type { ShellSlots } from "../platform/shell/shell-slots.ts";
import { SocialLayer } from "../features/social/card/social-layer.tsx";
import { AccountModalLayer } from "../features/accounts/components/account-modal.tsx";
import { PlayLiveLayer } from "../features/play/lobby/play-live.tsx";
import { MemberSearchBox } from "../features/members/search/member-search-box.tsx";

/** The features' UI in the shell: the composition root's counterpart of the feature list, for the browser. */
export const appShellSlots: ShellSlots = {
  navigation: {
    root: "web_root",
    home: "web_home",
    primary: [
      { route: "web_play_new", messageId: "shell.nav.play", icon: "♟" },
      { route: "web_home", visitorRoute: "web_root", messageId: "shell.nav.home", icon: "⌂" },
      { route: "web_clubs", messageId: "shell.nav.clubs", icon: "♜" },
      { route: "web_leaderboard_live", messageId: "shell.nav.leaderboards", icon: "♛" },
      { route: "web_live", messageId: "shell.nav.watch", icon: "◉" },
    ],
    footer: [
      { route: "web_about", messageId: "shell.footer.about" },
      { route: "web_help", messageId: "shell.footer.help" },
      { route: "web_community_policies", messageId: "shell.footer.policies" },
      { route: "web_community_guidelines", messageId: "shell.footer.guidelines" },
      { route: "web_membership", messageId: "shell.footer.membership" },
    ],
    signIn: "web_security_login",
    register: "web_security_register",
    settings: "web_user_settings",
    memberPage: "web_member_profile",
  },
  layers: [AccountModalLayer, SocialLayer, PlayLiveLayer],
  headerItems: [],
  headerTools: [MemberSearchBox],
  // Notifications, play notices and friend events: only a signed-in visitor downloads them.
  signedIn: () => import("./signed-in-shell.tsx").then((module) => module.signedInSlots),
};
