import { useEffect, useRef, type KeyboardEvent } from "react";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { navigationKey, type NavigationAction } from "./move-navigation.ts";

/** The four steps, with icons drawn here (no icon font): bar-and-triangle for the ends, a triangle for one move. */
const navigationButtons = [
  ["first", "game.nav.first", "M3 3h2v10H3zM13 3v10L6 8z"],
  ["previous", "game.nav.previous", "M12 3v10L5 8z"],
  ["next", "game.nav.next", "M4 3v10l7-5z"],
  ["last", "game.nav.last", "M11 3h2v10h-2zM3 3v10l7-5z"],
] as const;

/** Piece letters as figurines (the move list's "figurine" display option): ♘f3 for Nf3. */
export const figurineSan = (san: string) => san.replace(/[KQRBN]/g, (letter) => "♔♕♖♗♘"["KQRBN".indexOf(letter)] ?? letter);

interface MoveListProps {
  readonly sans: readonly string[];
  /** Piece letters (Nf3) or figurines (♘f3); screen readers hear the letters either way. */
  readonly figurine?: boolean;
  readonly shownPly: number;
  readonly onNavigate: (action: NavigationAction) => void;
}

/**
 * The moves in SAN, two to a row (on a phone, one scrolling line under the
 * board); a click shows that position. The list is one tab stop (a roving
 * tabindex: only the shown move, or the first, is in the tab order); with
 * focus in it, Left/Right step one move and Home/End go to the ends, and
 * focus follows. The shown move is kept in view as moves arrive.
 */
export function MoveList({ sans, shownPly, onNavigate, figurine = false }: MoveListProps) {
  const intl = useIntl();
  const listRef = useRef<HTMLOListElement>(null);
  const rows: { number: number; white: string | undefined; black: string | undefined }[] = [];
  for (let index = 0; index < sans.length; index += 2) rows.push({ number: index / 2 + 1, white: sans[index], black: sans[index + 1] });
  const colorName = (ply: number) => intl.formatMessage({ id: ply % 2 === 1 ? "game.color.white" : "game.color.black" });
  // The one move in the tab order: the one shown, or the first while the start position is shown.
  const tabbablePly = Math.max(shownPly, 1);

  // Keep the shown move in view inside the list (never scrolling the page), and keep focus on it while the list has focus.
  useEffect(() => {
    const list = listRef.current;
    const move = list?.querySelector<HTMLElement>(`[data-ply="${tabbablePly}"]`);
    if (!list || !move) return;
    const listBox = list.getBoundingClientRect();
    const moveBox = move.getBoundingClientRect();
    if (moveBox.top < listBox.top || moveBox.bottom > listBox.bottom) list.scrollTop += moveBox.top - listBox.top - (list.clientHeight - moveBox.height) / 2;
    if (moveBox.left < listBox.left || moveBox.right > listBox.right) list.scrollLeft += moveBox.left - listBox.left - (list.clientWidth - moveBox.width) / 2;
    if (list.contains(document.activeElement) && document.activeElement !== move) move.focus({ preventScroll: true });
  }, [tabbablePly, sans.length]);

  const handleKeyDown = (event: KeyboardEvent<HTMLOListElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const action = navigationKey(event.key);
    if (!action) return;
    // The page's own arrow keys (game-screen.tsx) leave an event handled here alone.
    event.preventDefault();
    onNavigate(action);
  };

  const moveButton = (san: string | undefined, ply: number, number: number) =>
    san === undefined ? (
      <span className="ks-move ks-move-empty" />
    ) : (
      <button
        type="button"
        className="ks-move"
        tabIndex={ply === tabbablePly ? 0 : -1}
        aria-current={shownPly === ply ? "step" : undefined}
        aria-label={intl.formatMessage({ id: "game.moves.move" }, { number, color: colorName(ply), san })}
        data-ply={ply}
        onClick={() => onNavigate({ ply })}
      >
        {figurine ? figurineSan(san) : san}
      </button>
    );

  return (
    <div className="ks-move-list-frame">
      <h2 className="ks-visually-hidden">{intl.formatMessage({ id: "game.moves.title" })}</h2>
      {sans.length === 0 ? (
        <p className="ks-move-list-empty">{intl.formatMessage({ id: "game.moves.empty" })}</p>
      ) : (
        <ol ref={listRef} className="ks-move-list" aria-label={intl.formatMessage({ id: "game.moves.title" })} onKeyDown={handleKeyDown}>
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
