/**
 * Whether a member is online, for the card's onlineStatus (spec 001 §3.4).
 * Presence knows it; social does not import presence: a declared port
 * (decision 0045), provided in the composition root
 * (src/app/social-presence.server.ts).
 */
import type { PortAccess } from "../../platform/composition/ports.ts";

export type OnlineStatus = "online" | "offline";

export interface OnlineStatusSource {
  statusOf(memberId: number): Promise<OnlineStatus>;
}

declare module "../../platform/composition/ports.ts" {
  interface Ports {
    onlineStatus: OnlineStatusSource;
  }
}

export function onlineStatusThrough(ports: PortAccess): OnlineStatusSource {
  return { statusOf: (memberId) => ports.get("onlineStatus").statusOf(memberId) };
}
