import { useEffect, useState } from "react";
import { useIntl } from "../../../platform/i18n/intl.tsx";

/** The card's loader appears only after this much loading (spec 001 §4.4, §9). */
export const LOADER_DELAY_MS = 500;

/**
 * The card's skeleton, shown once loading has lasted LOADER_DELAY_MS since
 * `since` (the moment the card opened): a fast card never flashes a loader.
 */
export function DelayedLoader({ since }: { since: number }) {
  const intl = useIntl();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), Math.max(0, since + LOADER_DELAY_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [since]);
  if (!visible) return null;
  return (
    <div className="ks-user-card-panel ks-user-card-skeleton" role="status" aria-live="polite" data-testid="user-card-loader">
      <span className="ks-visually-hidden">{intl.formatMessage({ id: "user_card.loading" })}</span>
      <div className="ks-skeleton-row" aria-hidden="true">
        <span className="ks-skeleton ks-skeleton-avatar" />
        <span className="ks-skeleton-lines">
          <span className="ks-skeleton ks-skeleton-line ks-skeleton-line-wide" />
          <span className="ks-skeleton ks-skeleton-line" />
          <span className="ks-skeleton ks-skeleton-line ks-skeleton-line-short" />
        </span>
      </div>
      <div className="ks-skeleton-row" aria-hidden="true">
        <span className="ks-skeleton ks-skeleton-button" />
        <span className="ks-skeleton ks-skeleton-button" />
        <span className="ks-skeleton ks-skeleton-button" />
      </div>
    </div>
  );
}
