import { describe, expect, it } from "vitest";
import { renderClubText, sanitizeClubHtml } from "./club-markdown.server.ts";

const allowedTags = new Set(["p", "br", "strong", "em", "s", "del", "code", "pre", "blockquote", "ul", "ol", "li", "a", "hr", "h3", "h4", "h5", "h6", "table", "thead", "tbody", "tr", "th", "td"]);

/**
 * No executable or loading markup may survive, whatever the input: every real
 * tag (escaped text such as "&lt;script&gt;" is harmless) is on the allowlist,
 * carries no handler, no src and no style, and links only to http(s), mailto
 * or a path of our own.
 */
function expectInert(html: string): void {
  for (const [, name = "", attributes = ""] of html.matchAll(/<\/?([a-zA-Z0-9]+)([^>]*)>/g)) {
    expect(allowedTags.has(name.toLowerCase()), `tag <${name}>`).toBe(true);
    expect(attributes).not.toMatch(/\bon\w+\s*=/i);
    expect(attributes).not.toMatch(/\bsrc\s*=/i);
    expect(attributes).not.toMatch(/\bstyle\s*=/i);
    const href = /\bhref="([^"]*)"/.exec(attributes)?.[1];
    if (href !== undefined) expect(href).toMatch(/^(https?:\/\/|mailto:|\/(?!\/))/i);
  }
  expect(html).not.toMatch(/<(script|img|iframe|svg|style|object|embed)/i);
}

describe("club markdown", () => {
  it("renders ordinary markdown: emphasis, lists, code, quotes, demoted headings", () => {
    const { html } = renderClubText("# Title\n\n**bold** and *it* and `x < y`\n\n- one\n- two\n\n> quoted\n\n```\n<b>raw</b>\n```");
    expect(html).toContain("<h3>Title</h3>");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain("<em>it</em>");
    expect(html).toContain("<code>x &lt; y</code>");
    expect(html).toContain("<li>one</li>");
    expect(html).toContain("<blockquote>");
    expect(html).toContain("&lt;b&gt;raw&lt;/b&gt;");
    expect(html).not.toContain("<h1");
  });

  it("makes every link nofollow ugc noopener and keeps http(s) targets", () => {
    const { html } = renderClubText("[site](https://example.org/a?b=1) and https://lichess.org bare");
    expect(html).toContain('<a href="https://example.org/a?b=1" rel="nofollow ugc noopener">site</a>');
    expect(html).toContain('<a href="https://lichess.org" rel="nofollow ugc noopener">https://lichess.org</a>');
  });

  it.each([
    ["a script tag", "<script>alert(1)</script>"],
    ["an inline handler", '<img src=x onerror="alert(1)">'],
    ["an on* attribute on a harmless tag", '<p onclick="alert(1)">hi</p>'],
    ["a javascript: link", "[click](javascript:alert(1))"],
    ["an encoded javascript: link", "[click](jav&#x61;script:alert(1))"],
    ["a javascript: link with spaces and case", "[click]( JaVaScRiPt:alert(1) )"],
    ["a vbscript: link", "[x](vbscript:msgbox(1))"],
    ["a data: URL link", "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)"],
    ["a markdown image", "![x](https://evil.example/pixel.png)"],
    ["a data: image", "![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)"],
    ["a reference-style javascript: link", "[x][1]\n\n[1]: javascript:alert(1)"],
    ["an autolink with javascript:", "<javascript:alert(1)>"],
    ["an iframe", '<iframe src="https://evil.example"></iframe>'],
    ["an svg with onload", "<svg onload=alert(1)>"],
    ["a style tag", "<style>body{display:none}</style>"],
    ["a title attribute breaking out", '[x](https://example.org "a\\" onmouseover=\\"alert(1)")'],
    ["a link text holding html", "[<img src=x onerror=alert(1)>](https://example.org)"],
    ["a protocol-relative link", "[x](//evil.example/path)"],
    ["a file: link", "[x](file:///etc/passwd)"],
  ])("sanitises %s", (_name, payload) => {
    const { html } = renderClubText(payload);
    expectInert(html);
  });

  it("shows raw HTML as text rather than dropping it silently", () => {
    const { html } = renderClubText("<b>not bold</b>");
    expect(html).toBe("<p>&lt;b&gt;not bold&lt;/b&gt;</p>");
  });

  it("links @mentions to the member and lists them once, lower-cased, outside code only", () => {
    const { html, mentions } = renderClubText("Hi @Alice and @bob, again @alice. Not mail@example.com, not `@carla`, and\n\n    @dave in code");
    expect(mentions).toEqual(["alice", "bob"]);
    expect(html).toContain('<a href="/member/alice" class="ks-mention" rel="nofollow ugc noopener">@Alice</a>');
    expect(html).toContain('<a href="/member/bob" class="ks-mention" rel="nofollow ugc noopener">@bob</a>');
    expect(html).not.toContain("/member/carla");
    expect(html).not.toContain("/member/dave");
    expect(html).not.toContain("/member/example");
  });

  it("does not take a mention inside a link's text", () => {
    const { html, mentions } = renderClubText("[@alice](https://example.org)");
    expect(mentions).toEqual([]);
    expect(html).toBe('<p><a href="https://example.org" rel="nofollow ugc noopener">@alice</a></p>');
  });

  it("sanitises raw HTML on its own too (the second line of defence, should the parser ever let HTML through)", () => {
    const html = sanitizeClubHtml('<p onclick="x()">a<script>alert(1)</script><a href="javascript:alert(1)" onmouseover="x()">l</a><a href="https://ok.example" target="_blank" rel="opener">ok</a><img src="data:image/png;base64,AA"><iframe src="//x"></iframe><h1 style="color:red">T</h1></p>');
    expectInert(html);
    expect(html).toContain('<a href="https://ok.example" rel="nofollow ugc noopener">ok</a>');
    expect(html).toContain("<h3>T</h3>");
    expect(html).not.toContain("alert");
  });
});
