import type { ReactNode } from "react";
import { useIntl } from "../i18n/intl.tsx";
import { AlertList, AlertsProvider } from "../../ui/alert.tsx";
import { ManagedChallengeHttpClientProvider } from "../security/human-check/managed-challenge-provider.tsx";
import { SocketProvider } from "../realtime/socket-provider.tsx";
import { SiteFooter } from "./site-footer.tsx";
import { useRouteLoaderData } from "react-router";
import { useBrowserTelemetry } from "../http/use-browser-telemetry.ts";
import type { RootData } from "./root-data.ts";
import { SiteHeader } from "./site-header.tsx";
import type { ShellSlots, SignedInSlotsLoader } from "./shell-slots.ts";
import { useSignedInSlots } from "./signed-in-slots.ts";

/**
 * The frame of every page: navigation, content, footer, the alert toasts, the
 * HTTP client (with the human check), the page's socket, and the features'
 * layers from the slots (live friend events, the user card behind every username).
 */
export function SiteShell({ children, slots }: { children: ReactNode; slots: ShellSlots }) {
  const viewer = useRouteLoaderData<RootData>("root")?.currentUser;
  useBrowserTelemetry({ id: viewer?.id ?? null, username: viewer?.username ?? "" });
  const frame = (signedInItems: ShellSlots["headerItems"]) => (
    <ShellFrame navigation={slots.navigation} headerItems={[...slots.headerItems, ...signedInItems]} headerTools={slots.headerTools}>
      {children}
    </ShellFrame>
  );
  return (
    <AlertsProvider>
      <ManagedChallengeHttpClientProvider>
        <SocketProvider>
          <Layers layers={slots.layers}>{viewer?.isLoggedIn && slots.signedIn ? <SignedInLayers load={slots.signedIn} frame={frame} /> : frame([])}</Layers>
        </SocketProvider>
        <AlertList />
      </ManagedChallengeHttpClientProvider>
    </AlertsProvider>
  );
}

/** Nests the layers, the first outermost. */
function Layers({ layers, children }: { layers: ShellSlots["layers"]; children: ReactNode }) {
  return layers.reduceRight<ReactNode>((inner, Layer) => <Layer>{inner}</Layer>, children);
}

/** The signed-in visitor's layers around the frame, and their header items in it. */
function SignedInLayers({ load, frame }: { load: SignedInSlotsLoader; frame: (items: ShellSlots["headerItems"]) => ReactNode }) {
  const slots = useSignedInSlots(load);
  return <Layers layers={slots.layers}>{frame(slots.headerItems)}</Layers>;
}

function ShellFrame({ children, navigation, headerItems, headerTools }: { children: ReactNode; navigation: ShellSlots["navigation"]; headerItems: ShellSlots["headerItems"]; headerTools: ShellSlots["headerTools"] }) {
  const intl = useIntl();
  return (
    <div className="ks-shell">
      <a className="ks-skip-link" href="#main">
        {intl.formatMessage({ id: "shell.skip_to_content", defaultMessage: "Skip to content" })}
      </a>
      <SiteHeader navigation={navigation} items={headerItems} tools={headerTools} />
      <main id="main" className="ks-main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter navigation={navigation} />
    </div>
  );
}
