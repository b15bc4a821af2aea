/**
 * What a socket keeps of who opened it. Taken once from the upgrade request;
 * the hub never holds the request or the user row, so a socket costs little
 * memory and its rights can be re-evaluated (or the socket closed) when the
 * session behind it ends.
 */
export interface SocketIdentity {
  /** Unique per socket and process run. */
  readonly socketId: string;
  /** The signed-in member (guests included; not a member on the two-factor step), or null for an anonymous visitor. */
  readonly memberId: number | null;
  readonly username: string | null;
  /** Site level of spec 000 §6 (guest 0 ... staff 90); 0 for anonymous visitors too. */
  readonly level: number;
  /** The session the socket was opened under, or null for anonymous visitors. */
  readonly sessionId: string | null;
  readonly locale: string;
  /** The client address as the trusted proxy configuration sees it. */
  readonly address: string;
}
