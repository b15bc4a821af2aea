import type { ReactNode } from "react";
import { useIntl } from "react-intl";
import { AlertList, AlertsProvider } from "../../ui/alert.tsx";
import { HttpClientProvider } from "../http/http-client-context.tsx";
import { SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";

/** The frame of every page: navigation, content, footer, the alert toasts and the HTTP client. */
export function SiteShell({ children }: { children: ReactNode }) {
  return (
    <AlertsProvider>
      <HttpClientProvider>
        <ShellFrame>{children}</ShellFrame>
        <AlertList />
      </HttpClientProvider>
    </AlertsProvider>
  );
}

function ShellFrame({ children }: { children: ReactNode }) {
  const intl = useIntl();
  return (
    <div className="ks-shell">
      <a className="ks-skip-link" href="#main">
        {intl.formatMessage({ id: "shell.skip_to_content", defaultMessage: "Skip to content" })}
      </a>
      <SiteHeader />
      <main id="main" className="ks-main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
