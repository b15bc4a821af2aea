/** How the server sets its cookies. */
export interface CookiePolicy {
  /** Secure cookies (https only) in production. */
  readonly secure: boolean;
}
