import type { ParameterlessPageRouteName, RequiredLinkParamNames } from "../links/links.ts";
import type { PageRouteName } from "../links/route-table.ts";

/** A link in the header's menu or the footer: a page without parameters and its label's message key. */
export interface ShellNavItem {
  readonly route: ParameterlessPageRouteName;
  /**
   * Where the item leads a visitor who is not signed in, when that differs
   * (the member's home is the landing page for them): linked directly, since
   * a client-side redirect to a route the browser has not discovered yet
   * rendered an empty page.
   */
  readonly visitorRoute?: ParameterlessPageRouteName;
  readonly messageId: string;
  /** A symbol before the label (the header's menu). */
  readonly icon?: string;
}

/** Pages whose one required parameter is a member's username. */
export type MemberPageRouteName = {
  [Name in PageRouteName]: [RequiredLinkParamNames<Name>] extends ["username"] ? (["username"] extends [RequiredLinkParamNames<Name>] ? Name : never) : never;
}[PageRouteName];

/**
 * The pages the shell links to, named by the composition root (its shell
 * slots), handed to the header, the footer and the error page as props: the
 * platform names no feature's page.
 */
export interface ShellNavigation {
  /** The brand's link. */
  readonly root: ParameterlessPageRouteName;
  /** Where the error pages send a visitor. */
  readonly home: ParameterlessPageRouteName;
  readonly primary: readonly ShellNavItem[];
  readonly footer: readonly ShellNavItem[];
  readonly signIn: ParameterlessPageRouteName;
  readonly register: ParameterlessPageRouteName;
  readonly settings: ParameterlessPageRouteName;
  /** The signed-in member's own page. */
  readonly memberPage: MemberPageRouteName;
}
