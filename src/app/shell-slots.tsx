import type { ShellSlots } from "../platform/shell/shell-slots.ts";
import { SocialLayer } from "../features/social/card/social-layer.tsx";
import { CurrentGamesItem } from "../features/play/lobby/current-games-item.tsx";
import { PlayLayer } from "../features/play/lobby/play-layer.tsx";

/** The features' UI in the shell: the composition root's counterpart of the feature list, for the browser. */
export const appShellSlots: ShellSlots = { layers: [SocialLayer, PlayLayer], headerItems: [CurrentGamesItem] };
