import { useIntl } from "../../../platform/i18n/intl.tsx";
import { data } from "react-router";
import type { Route } from "./+types/site-text-page";
import { resolveRequestLocale } from "../../../platform/i18n/request-locale.ts";
import { requirePage } from "../../../platform/pages/page-loader.server.ts";
import { PageHeader } from "../../../platform/pages/page-header.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import { siteText, siteTextByRoute } from "../site-texts.ts";
import "../site.css";

/** /about, /help, /legal/community and /legal/community/guidelines: Kingside's own long texts (site-texts.en.ts). */
export function loader({ request }: Route.LoaderArgs) {
  const page = requirePage(request);
  const name = siteTextByRoute[page.route.name];
  if (!name) throw data(null, { status: 404 });
  const { locale } = resolveRequestLocale(new URL(request.url), request.headers.get("host"));
  const { text, locale: textLocale } = siteText(name, locale);
  return { routeName: page.route.name, text, textLocale, untranslated: textLocale !== locale };
}

export default function SiteTextPage({ loaderData }: Route.ComponentProps) {
  const { routeName, text, textLocale, untranslated } = loaderData;
  const intl = useIntl();
  const link = useLinks();
  return (
    <article className="ks-page ks-site-text" aria-labelledby="page-title" lang={textLocale}>
      <PageHeader title={intl.formatMessage({ id: `route.${routeName}` })} />
      {untranslated && <p className="ks-muted ks-site-text-note" lang={intl.locale}>{intl.formatMessage({ id: "site.text.english_only" })}</p>}
      <p className="ks-site-text-lead">{text.lead}</p>
      <nav className="ks-site-text-links" aria-label={intl.formatMessage({ id: "site.text.related" })} lang={intl.locale}>
        {(["web_about", "web_help", "web_community_policies", "web_community_guidelines"] as const)
          .filter((name) => name !== routeName)
          .map((name) => (
            <a key={name} href={link(name)}>
              {intl.formatMessage({ id: `route.${name}` })}
            </a>
          ))}
      </nav>
      {text.sections.map((section) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="ks-card ks-site-text-section">
          <h2 id={`${section.id}-title`}>{section.heading}</h2>
          {section.paragraphs?.map((paragraph) => <p key={paragraph}>{paragraph}</p>)}
          {section.coming && <p data-coming="">{section.coming}</p>}
          {section.list && (
            <ul>
              {section.list.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </article>
  );
}
