import { useIntl } from "../i18n/intl.tsx";
import { useLinks } from "../links/use-links.ts";
import { useShellNavigation } from "./shell-navigation.tsx";

/** The localized 404 and 500 pages. */
export function ErrorPage({ status }: { status: number }) {
  const intl = useIntl();
  const link = useLinks();
  const { home } = useShellNavigation();
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
