import { useIntl } from "../../../platform/i18n/intl.tsx";
import type { NavigationAction } from "./move-navigation.ts";

/** The four steps, with icons drawn here (no icon font): bar-and-triangle for the ends, a triangle for one move. */
const navigationButtons = [
  ["first", "game.nav.first", "M3 3h2v10H3zM13 3v10L6 8z"],
  ["previous", "game.nav.previous", "M12 3v10L5 8z"],
  ["next", "game.nav.next", "M4 3v10l7-5z"],
  ["last", "game.nav.last", "M11 3h2v10h-2zM3 3v10l7-5z"],
] as const;

interface MoveListProps {
  readonly sans: readonly string[];
  readonly shownPly: number;
  readonly onNavigate: (action: NavigationAction) => void;
}

/**
 * The moves in SAN, two to a row; a click shows that position. The keys
 * (arrows, Home, End) are handled by the game area around it.
 */
export function MoveList({ sans, shownPly, onNavigate }: MoveListProps) {
  const intl = useIntl();
  const rows: { number: number; white: string | undefined; black: string | undefined }[] = [];
  for (let index = 0; index < sans.length; index += 2) rows.push({ number: index / 2 + 1, white: sans[index], black: sans[index + 1] });
  const colorName = (ply: number) => intl.formatMessage({ id: ply % 2 === 1 ? "game.color.white" : "game.color.black" });

  const moveButton = (san: string | undefined, ply: number, number: number) =>
    san === undefined ? (
      <span className="ks-move ks-move-empty" />
    ) : (
      <button
        type="button"
        className="ks-move"
        aria-current={shownPly === ply ? "step" : undefined}
        aria-label={intl.formatMessage({ id: "game.moves.move" }, { number, color: colorName(ply), san })}
        data-ply={ply}
        onClick={() => onNavigate({ ply })}
      >
        {san}
      </button>
    );

  return (
    <div className="ks-move-list-frame">
      <h2 className="ks-visually-hidden">{intl.formatMessage({ id: "game.moves.title" })}</h2>
      {sans.length === 0 ? (
        <p className="ks-move-list-empty">{intl.formatMessage({ id: "game.moves.empty" })}</p>
      ) : (
        <ol className="ks-move-list">
          {rows.map((row) => (
            <li key={row.number} className="ks-move-row">
              <span className="ks-move-number" aria-hidden="true">{row.number}.</span>
              {moveButton(row.white, row.number * 2 - 1, row.number)}
              {moveButton(row.black, row.number * 2, row.number)}
            </li>
          ))}
        </ol>
      )}
      <div className="ks-move-nav" role="group" aria-label={intl.formatMessage({ id: "game.nav.label" })}>
        {navigationButtons.map(([action, label, path]) => (
          <button key={action} type="button" className="ks-button ks-move-nav-button" aria-label={intl.formatMessage({ id: label })} title={intl.formatMessage({ id: label })} onClick={() => onNavigate(action)}>
            <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
              <path d={path} fill="currentColor" />
            </svg>
          </button>
        ))}
      </div>
    </div>
  );
}
