/**
 * Club text (forum posts, notes) as Markdown, rendered on the server once when
 * it is written: markdown-it parses (raw HTML off, images off), our one inline
 * rule turns @username into a link to the member, and sanitize-html keeps only
 * an allowlist of tags and attributes. Every link leaves with
 * rel="nofollow ugc noopener". The source is stored beside the HTML, so an edit
 * starts from what the author wrote and a change of these rules can re-render.
 */
import { sanitisedHtml, type SanitisedHtml } from "../../../ui/sanitised-html.tsx";
import MarkdownIt, { type StateInline, type Token } from "markdown-it";
import sanitizeHtml from "sanitize-html";
import { generateLink } from "../../../platform/links/links.ts";

/** A member's name as the site spells usernames (registration rules): letters, digits, "_" and "-". */
const MENTION = /^@([A-Za-z0-9_-]{3,32})/;
/** At most this many members are told about one text (a list of 200 names is spam, not a conversation). */
export const MENTIONS_NOTIFIED_PER_TEXT = 10;

export interface RenderedClubText {
  readonly html: SanitisedHtml;
  /** Lower-cased usernames mentioned outside code, in order of first mention, without repeats. */
  readonly mentions: readonly string[];
}

function mentionRule(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x40 /* @ */) return false;
  // Only at a word's start: "mail@example.com" is no mention.
  const before = state.pos > 0 ? state.src.charAt(state.pos - 1) : "";
  if (before && /[\w@./-]/.test(before)) return false;
  const match = MENTION.exec(state.src.slice(state.pos));
  if (!match?.[1]) return false;
  // Inside a link's text, leave it as text (no link in a link).
  if (state.linkLevel > 0) return false;
  if (!silent) {
    const username = match[1].toLowerCase();
    const open = state.push("link_open", "a", 1);
    open.attrs = [
      ["href", generateLink("web_member_profile", { username })],
      ["class", "ks-mention"],
    ];
    open.meta = { mention: username };
    const text = state.push("text", "", 0);
    text.content = `@${match[1]}`;
    state.push("link_close", "a", -1);
  }
  state.pos += match[0].length;
  return true;
}

const markdown = new MarkdownIt({ html: false, linkify: true, breaks: true, typographer: false });
// Images would load third-party pixels (and data: URLs) into every reader's browser.
markdown.disable(["image"]);
markdown.inline.ruler.after("linkify", "club_mention", mentionRule);

/** Headings inside a post sit below the page's own (h1 page, h2 topic): they start at h3. */
const demotedHeadings = { h1: "h3", h2: "h4", h3: "h5", h4: "h6", h5: "h6", h6: "h6" } as const;

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "em", "s", "del", "code", "pre", "blockquote", "ul", "ol", "li", "a", "hr", "h3", "h4", "h5", "h6", "table", "thead", "tbody", "tr", "th", "td"],
  allowedAttributes: { a: ["href", "class", "rel"], ol: ["start"], th: ["style"], td: ["style"] },
  allowedClasses: { a: ["ks-mention"] },
  allowedStyles: { th: { "text-align": [/^(left|right|center)$/] }, td: { "text-align": [/^(left|right|center)$/] } },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    ...Object.fromEntries(Object.entries(demotedHeadings).map(([from, to]) => [from, sanitizeHtml.simpleTransform(to, {})])),
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: "nofollow ugc noopener" } }),
  },
};

/** Renders a member's Markdown to the HTML the pages show (safe to insert as is) and lists who it mentions. */
export function renderClubText(source: string): RenderedClubText {
  const env = {};
  const tokens = markdown.parse(source, env);
  const mentions: string[] = [];
  const collect = (list: readonly Token[]): void => {
    for (const token of list) {
      const meta: unknown = token.meta;
      if (meta && typeof meta === "object" && "mention" in meta && typeof meta.mention === "string" && !mentions.includes(meta.mention)) mentions.push(meta.mention);
      if (token.children) collect(token.children);
    }
  };
  collect(tokens);
  const html = sanitizeClubHtml(markdown.renderer.render(tokens, markdown.options, env));
  return { html, mentions };
}

/** The second line of defence on its own: whatever HTML comes in, only the allowlist goes out (tested directly with raw HTML). */
export function sanitizeClubHtml(html: string): SanitisedHtml {
  return sanitisedHtml(sanitizeHtml(html, sanitizeOptions).trim());
}
