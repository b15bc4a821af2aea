import type { ReactNode } from "react";
import { useIntl } from "react-intl";
import { AlertList, AlertsProvider } from "../../ui/alert.tsx";
import { ManagedChallengeHttpClientProvider } from "../security/human-check/managed-challenge-provider.tsx";
import { SocketProvider } from "../realtime/socket-provider.tsx";
import { SocialLayer } from "../../features/social/card/social-layer.tsx";
import { SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";

/**
 * The frame of every page: navigation, content, footer, the alert toasts, the
 * HTTP client (with the human check), the page's socket, and the social layer
 * (live friend events, the user card behind every username).
 */
export function SiteShell({ children }: { children: ReactNode }) {
  return (
    <AlertsProvider>
      <ManagedChallengeHttpClientProvider>
        <SocketProvider>
          <SocialLayer>
            <ShellFrame>{children}</ShellFrame>
          </SocialLayer>
        </SocketProvider>
        <AlertList />
      </ManagedChallengeHttpClientProvider>
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
