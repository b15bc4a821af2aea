import type { ShellSlots } from "../platform/shell/shell-slots.ts";
import { SocialLayer } from "../features/social/card/social-layer.tsx";
import { AccountModalLayer } from "../features/accounts/components/account-modal.tsx";
import { PlayLiveLayer } from "../features/play/lobby/play-live.tsx";
import { MemberSearchBox } from "../features/members/search/member-search-box.tsx";

/** The features' UI in the shell: the composition root's counterpart of the feature list, for the browser. */
export const appShellSlots: ShellSlots = {
  layers: [AccountModalLayer, SocialLayer, PlayLiveLayer],
  headerItems: [],
  headerTools: [MemberSearchBox],
  // Notifications, play notices and friend events: only a signed-in visitor downloads them.
  signedIn: () => import("./signed-in-slots.tsx").then((module) => module.signedInSlots),
};
