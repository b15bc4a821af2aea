/** The lobby of open seeks: who, what game, which colour they take; Accept (or Cancel for one's own). */
import { MemberLink } from "../../social/card/member-link.tsx";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import type { SeekView } from "../play.schema.ts";
import { controlText, ratedText, rulesText } from "./terms-text.ts";

export interface LobbyTableProps {
  readonly seeks: readonly SeekView[];
  /** The viewer's username (their own seeks offer Cancel), or null for a visitor (no actions). */
  readonly viewer: string | null;
  readonly isGuest: boolean;
  readonly busy: boolean;
  readonly onAccept: (seek: SeekView) => void;
  readonly onCancel: (seek: SeekView) => void;
}

export function LobbyTable({ seeks, viewer, isGuest, busy, onAccept, onCancel }: LobbyTableProps) {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `play.lobby.${key}` }, values);
  if (seeks.length === 0) {
    return (
      <p className="ks-muted" role="status">
        {t("lobby.empty")}
      </p>
    );
  }
  return (
    <div className="ks-card ks-table-card">
      <table className="ks-table ks-lobby-table" aria-labelledby="ks-lobby-heading">
        <thead>
          <tr>
            <th scope="col">{t("lobby.player")}</th>
            <th scope="col">{t("lobby.game")}</th>
            <th scope="col" className="ks-lobby-color">{t("lobby.color")}</th>
            <th scope="col">
              <span className="ks-visually-hidden">{t("lobby.action")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {seeks.map((seek) => {
            const own = viewer !== null && seek.username.toLowerCase() === viewer.toLowerCase();
            // Guests may take casual live seeks only; the server refuses the rest anyway.
            const allowed = !isGuest || (!seek.terms.rated && seek.terms.control.kind === "live");
            return (
              <tr key={seek.id} data-seek-id={seek.id}>
                <td>
                  <MemberLink username={seek.username} /> <span className="ks-muted">({intl.formatNumber(seek.rating)})</span>
                </td>
                <td>
                  <strong>{controlText(intl, seek.terms.control)}</strong>{" "}
                  <span className="ks-muted">
                    {rulesText(intl, seek.terms.rules)} · {ratedText(intl, seek.terms.rated)}
                  </span>
                </td>
                <td className="ks-lobby-color">{t(`color.${seek.terms.color}`)}</td>
                <td className="ks-lobby-action">
                  {viewer === null ? null : own ? (
                    <button type="button" className="ks-button ks-button-quiet" disabled={busy} onClick={() => onCancel(seek)}>
                      {t("cancel")}
                    </button>
                  ) : (
                    <button
                      type="button"
                      className="ks-button ks-button-primary"
                      disabled={busy || !allowed}
                      aria-label={t("lobby.accept_label", { username: seek.username, game: controlText(intl, seek.terms.control) })}
                      onClick={() => onAccept(seek)}
                    >
                      {t("accept")}
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
