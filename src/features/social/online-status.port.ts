/**
 * Whether a member is online, for the card's onlineStatus (spec 001 §3.4).
 * Presence knows it; social does not import presence: the composition root
 * provides the source (src/app/social-presence.server.ts). Until then, and
 * for a member presence has never seen, the answer is "offline".
 */
export type OnlineStatus = "online" | "offline";

export interface OnlineStatusSource {
  statusOf(memberId: number): Promise<OnlineStatus>;
}

export interface OnlineStatusPort extends OnlineStatusSource {
  /** Called once by the composition root. */
  provide(source: OnlineStatusSource): void;
}

export function createOnlineStatusPort(): OnlineStatusPort {
  let source: OnlineStatusSource = { statusOf: async () => "offline" };
  return {
    provide(next) {
      source = next;
    },
    statusOf: (memberId) => source.statusOf(memberId),
  };
}
