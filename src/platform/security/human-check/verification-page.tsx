import { useMemo, useRef, useState } from "react";
import { useIntl } from "../../i18n/intl.tsx";
import { PageHeader } from "../../pages/page-header.tsx";
import { requirePage } from "../../pages/page-loader.server.ts";
import { createHttpClient } from "../../http/http-client.ts";
import { safeRedirectPath } from "../../links/links.ts";
import { matchPagePath } from "../../links/route-patterns.ts";
import { useIsClient } from "../../../ui/use-is-client.ts";
import { HumanCheckBox, type HumanCheckBoxPhase } from "./human-check-box.tsx";
import { createHumanCheckRun } from "./human-check-run.ts";
import { withHumanCheckPassed } from "./human-check-passed.tsx";
import { mainHostOf } from "./verify-host.ts";
import type { Route } from "./+types/verification-page";

/** A same-site path to return to, never the verification page itself. */
function returnPathFrom(candidate: string | null): string | null {
  const path = safeRedirectPath(candidate);
  if (!path) return null;
  const match = matchPagePath(new URL(path, "http://same.invalid").pathname);
  return match?.route.name === "web_verification_index" ? null : path;
}

/**
 * The verification page (web_verification_index): /verification on the main
 * host, and every page of the verify subdomain (the server shows this page
 * there, whatever the path). It says why it appeared, runs the human-check
 * widget full-page and, once passed, goes back to `redirect` (else
 * `referer`, else the home page) marked as passed (?human_check=passed), so
 * that a form there says so; from the verify subdomain, back on the main host.
 */
/** Where a check with nowhere to return to ends: the site's root path, whatever page a feature serves there. */
const SITE_ROOT = "/";

export function loader({ request, context }: Route.LoaderArgs) {
  const page = requirePage(request);
  const query = new URL(request.url).searchParams;
  return {
    routeName: page.route.name,
    returnPath: returnPathFrom(query.get("redirect")) ?? returnPathFrom(query.get("referer")) ?? SITE_ROOT,
    mainHost: mainHostOf(request.headers.get("host"), context.siteHost),
  };
}

interface PageCheckState {
  readonly phase: HumanCheckBoxPhase;
  readonly progress: number;
  readonly error: string | null;
}

export default function VerificationPage({ loaderData }: Route.ComponentProps) {
  const { routeName, returnPath, mainHost } = loaderData;
  const intl = useIntl();
  const isClient = useIsClient();
  const run = useMemo(() => createHumanCheckRun(createHttpClient()), []);
  const [check, setCheck] = useState<PageCheckState>({ phase: "waiting", progress: 0, error: null });
  const shownPercent = useRef(-1);

  function returnUrl(): string {
    return mainHost ? `${window.location.protocol}//${mainHost}${returnPath}` : returnPath;
  }

  function handleCheck() {
    shownPercent.current = -1;
    setCheck({ phase: "working", progress: 0, error: null });
    const onProgress = (progress: number) => {
      const percent = Math.floor(progress * 100);
      if (percent === shownPercent.current) return;
      shownPercent.current = percent;
      setCheck((current) => (current.phase === "working" ? { ...current, progress } : current));
    };
    run({ onProgress }).then(
      (outcome) => {
        if (outcome === "passed") {
          setCheck({ phase: "passed", progress: 1, error: null });
          window.location.assign(withHumanCheckPassed(returnUrl()));
        } else {
          setCheck({ phase: "waiting", progress: 0, error: intl.formatMessage({ id: "human_check.error.rejected" }) });
        }
      },
      () => setCheck({ phase: "waiting", progress: 0, error: intl.formatMessage({ id: "human_check.error.widget" }) }),
    );
  }

  return (
    <section className="ks-page ks-auth-page ks-human-check-page" aria-labelledby="page-title">
      <PageHeader title={intl.formatMessage({ id: `route.${routeName}` })} />
      <div className="ks-card">
        <h2>{intl.formatMessage({ id: "human_check.title" })}</h2>
        <p>{intl.formatMessage({ id: "human_check.page.why" })}</p>
        <noscript>
          <p className="ks-form-error">{intl.formatMessage({ id: "human_check.page.noscript" })}</p>
        </noscript>
        <HumanCheckBox phase={check.phase} progress={check.progress} error={check.error} disabled={!isClient} onCheck={handleCheck} />
        <p className="ks-muted">
          <a href={mainHost ? `//${mainHost}${returnPath}` : returnPath}>{intl.formatMessage({ id: "human_check.page.back" })}</a>
        </p>
      </div>
    </section>
  );
}
