import { useIntl } from "../i18n/intl.tsx";
import { useLinks } from "../links/use-links.ts";
import type { ShellNavigation } from "./shell-navigation.ts";

/** The localized 404 and 500 pages; `home`: where they send the visitor (the shell slots' navigation names it). */
export function ErrorPage({ status, home }: { status: number; home: ShellNavigation["home"] }) {
  const intl = useIntl();
  const link = useLinks();
  const notFound = status === 404;
  const title = notFound
    ? intl.formatMessage({ id: "shell.error.not_found.title", defaultMessage: "Page not found" })
    : intl.formatMessage({ id: "shell.error.server.title", defaultMessage: "Something went wrong" });
  const text = notFound
    ? intl.formatMessage({ id: "shell.error.not_found.text", defaultMessage: "The page you are looking for does not exist or has moved." })
    : intl.formatMessage({ id: "shell.error.server.text", defaultMessage: "Oops. Looks like there was an error. Sorry! Please refresh." });
  return (
    <section className="ks-page ks-error-page" aria-labelledby="error-title">
      <p className="ks-error-status" aria-hidden="true">{status}</p>
      <h1 id="error-title">{title}</h1>
      <title>{`${title} · Kingside`}</title>
      <p>{text}</p>
      <a className="ks-button ks-button-primary" href={link(home)}>
        {intl.formatMessage({ id: "shell.error.go_home", defaultMessage: "Go to the home page" })}
      </a>
    </section>
  );
}
