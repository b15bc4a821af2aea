import { lazy, Suspense, useState, type MouseEvent } from "react";
import { useRouteLoaderData } from "react-router";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import type { RootData } from "../../../platform/shell/root-data.ts";
import { FlairImage, flairName } from "./flair-image.tsx";
import "./flair.css";

// The upsell's dialog is code for the few who click a flair: loaded then (decision 0035).
const FlairUpsell = lazy(() => import("./flair-upsell.tsx").then((module) => ({ default: module.FlairUpsell })));

export interface FlairProps {
  /** A flair code to draw, as the server decided it (shownFlairCode's answer: never the placeholder). */
  readonly code: string;
  /** "new" draws the flair on a chip, "old" the plain icon (the web_flair_rpc flag). */
  readonly look?: "new" | "old";
}

/**
 * One member's flair beside their name (card, profile, chat, player bars,
 * leaderboards): a plain <img> of its SVG (flair-image.tsx), so the pictures
 * cost no JavaScript and are cached once; it never imports the catalogue. Clicking it opens the flair settings for a
 * premium viewer and "Want Your Own Flair?" for everyone else (spec 001 §2.5, §4).
 */
export function Flair({ code, look = "new" }: FlairProps) {
  const intl = useIntl();
  const links = useLinks();
  const viewer = useRouteLoaderData<RootData>("root")?.currentUser;
  const [upsellOpen, setUpsellOpen] = useState(false);
  const label = intl.formatMessage({ id: "profile.flair.label" }, { name: flairName(code) });
  const premium = viewer?.isPremium === true;
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    if (premium) return;
    event.preventDefault();
    event.stopPropagation();
    setUpsellOpen(true);
  }
  return (
    <>
      <a
        className={look === "new" ? "ks-flair ks-flair-new" : "ks-flair ks-flair-old"}
        href={premium ? links("web_user_settings", {}, { anchor: "flair" }) : links("web_membership", { c: "flair" })}
        onClick={handleClick}
        title={label}
        data-flair={code}
      >
        <FlairImage code={code} alt={label} />
      </a>
      {upsellOpen && (
        <Suspense fallback={null}>
          <FlairUpsell onClose={() => setUpsellOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
