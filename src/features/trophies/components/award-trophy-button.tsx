import { lazy, Suspense, useEffect, useState } from "react";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { importWithRetry } from "../../../platform/http/chunk-retry.ts";

// The award dialog (and the catalogue it lists) is code for the few who award: loaded on the first click (decision 0035).
const AwardTrophyDialog = lazy(() => importWithRetry(() => import("./award-trophy-dialog.tsx")).then((module) => ({ default: module.AwardTrophyDialog })));

/** The hash the card's "award" action links to: the profile opens the dialog at once. */
export const awardTrophyAnchor = "award-trophy";

export interface AwardTrophyButtonProps {
  readonly username: string;
  /** The game the award is for (the game page): the dialog's game field starts with it. */
  readonly gameId?: number;
  /** "short": "Award" beside the cabinet's title; "named": "Award a trophy to {username}" where the recipient is not obvious. */
  readonly label: "short" | "named";
  /** Open at once when the address's hash is #award-trophy (the card's "award" action leads there). */
  readonly openOnHash?: boolean;
  readonly className?: string;
  readonly onAwarded?: () => void;
}

/**
 * The button that opens the award dialog at its select state (spec 001 §2.5):
 * a few hundred bytes on the page; the dialog itself is a chunk of its own.
 */
export function AwardTrophyButton({ username, gameId, label, openOnHash = false, className = "ks-button", onAwarded }: AwardTrophyButtonProps) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!openOnHash) return undefined;
    const openIfAsked = () => {
      if (window.location.hash === `#${awardTrophyAnchor}`) setOpen(true);
    };
    openIfAsked();
    window.addEventListener("hashchange", openIfAsked);
    return () => window.removeEventListener("hashchange", openIfAsked);
  }, [openOnHash]);
  return (
    <>
      <button type="button" className={className} data-action="award-trophy" onClick={() => setOpen(true)}>
        {label === "short" ? intl.formatMessage({ id: "trophies.award.open" }) : intl.formatMessage({ id: "trophies.award.title" }, { username })}
      </button>
      {open && (
        <Suspense fallback={null}>
          <AwardTrophyDialog
            username={username}
            gameId={gameId}
            onClose={() => setOpen(false)}
            onAwarded={() => {
              setOpen(false);
              onAwarded?.();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
