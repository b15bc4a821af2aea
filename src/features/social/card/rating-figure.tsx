import { useIntl } from "../../../platform/i18n/intl.tsx";

/**
 * A rating as the card and the profile show it: the number, and a "?" while
 * it is provisional (its deviation is still above 110, about the first dozen
 * games: src/chess/glicko2.ts), with the reason in words for screen readers
 * and on hover.
 */
export function RatingFigure({ rating, provisional }: { readonly rating: number; readonly provisional: boolean }) {
  const intl = useIntl();
  const number = intl.formatNumber(rating);
  if (!provisional) return <strong>{number}</strong>;
  const label = intl.formatMessage({ id: "user_card.provisional" }, { rating: number });
  return (
    <strong className="ks-rating-provisional" title={label} aria-label={label}>
      {number}
      <span aria-hidden="true">?</span>
    </strong>
  );
}
