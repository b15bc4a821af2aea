/**
 * HTML that came out of a sanitiser (an allowlist of elements, attributes and
 * link schemes, such as the clubs' Markdown: club-markdown.server.ts). The
 * brand is given only where sanitising happens and carried by the database
 * columns that store its output, so this component — the one place the site
 * renders HTML as HTML — cannot be handed a plain string.
 */
export type SanitisedHtml = string & { readonly __sanitised: true };

/** Marks a sanitiser's output. Call it only on what a sanitiser returned. */
export function sanitisedHtml(output: string): SanitisedHtml {
  return output as SanitisedHtml;
}

export function SanitisedHtmlBlock({ html, className }: { html: SanitisedHtml; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
