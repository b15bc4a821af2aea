import { useIntl } from "react-intl";
import type { NavigationAction } from "./move-navigation.ts";

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
        {(
          [
            ["first", "game.nav.first", "⏮"],
            ["previous", "game.nav.previous", "◀"],
            ["next", "game.nav.next", "▶"],
            ["last", "game.nav.last", "⏭"],
          ] as const
        ).map(([action, label, glyph]) => (
          <button key={action} type="button" className="ks-button ks-move-nav-button" aria-label={intl.formatMessage({ id: label })} title={intl.formatMessage({ id: label })} onClick={() => onNavigate(action)}>
            <span aria-hidden="true">{glyph}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
