import { useState, type ReactNode } from "react";
import { useHttpClient } from "../../platform/http/http-client-context.tsx";
import { useIntl } from "../../platform/i18n/intl.tsx";
import { FormSecurityFields } from "../../platform/security/form-security-fields.tsx";
import { useIsClient } from "../../ui/use-is-client.ts";
import { StaticBoard } from "../play/board/static-board.tsx";
import { backgrounds, boardStyles, pieceImageUrl, pieceSetIds, soundSetIds, soundUrl, type SoundSetId, type ThemeSelection } from "./theme-catalogue.ts";
import { backgroundNameIds, boardStyleNameIds, pieceSetNameIds, soundSetNameIds } from "./theme-names.ts";
import { applyThemeStylesheet } from "./theme-switch.ts";
import { themePaths } from "./theme-paths.ts";
import type { ActiveThemeResponse } from "./themes.schema.ts";
import "./theme-picker.css";

/** A move of the chosen sound set, in a format this browser plays (Opus where it can, else MP3). */
function playSample(set: SoundSetId): void {
  const format = document.createElement("audio").canPlayType("audio/webm; codecs=opus") ? "webm" : "mp3";
  new Audio(soundUrl(set, "move-self", format)).play().catch(() => {
    // No audio device, or the browser refused: nothing to hear.
  });
}

/** A position with every kind of piece of both colours, for the preview. */
const previewFen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";

export interface ThemePickerProps {
  /** The member's theme as the server has it. */
  readonly selection: ThemeSelection;
  /** Where a form post without JavaScript comes back to (same-site path). */
  readonly returnPath: string;
}

interface Choice {
  readonly value: string;
  readonly label: string;
  readonly sample: ReactNode;
}

/**
 * The theme pickers (issue 22 item 4; decision 0065): board style, piece set,
 * sound set and background, each a radio group, with a small board that
 * shows the theme in force. With JavaScript a choice is saved at once through
 * SelectCustomTheme and applied in place (the theme stylesheet is swapped, no
 * reload); a refused one goes back. Without JavaScript the form posts the
 * four choices and comes back.
 */
export function ThemePicker({ selection, returnPath }: ThemePickerProps) {
  const intl = useIntl();
  const client = useHttpClient();
  const [chosen, setChosen] = useState(selection);
  const [saved, setSaved] = useState(false);
  const enhanced = useIsClient();
  const text = (id: string) => intl.formatMessage({ id });

  async function handleChoose(field: keyof ThemeSelection, value: string) {
    const before = chosen;
    setChosen({ ...chosen, [field]: value });
    setSaved(false);
    try {
      const answer = await client.post<ActiveThemeResponse>(themePaths.select, { [field]: value });
      await applyThemeStylesheet(answer.theme.stylesheetUrl);
      setChosen(answer.theme.selection);
      setSaved(true);
    } catch {
      // The HTTP client has shown the server's message; the choice goes back.
      setChosen(before);
    }
  }

  const group = (field: keyof ThemeSelection, legendId: string, choices: readonly Choice[], extra?: ReactNode) => (
    <fieldset className="ks-theme-picker__group">
      <legend className="ks-theme-picker__legend">{text(legendId)}</legend>
      <div className="ks-theme-picker__choices">
        {choices.map((choice) => (
          <label key={choice.value} className="ks-theme-picker__choice">
            <input
              type="radio"
              name={field}
              value={choice.value}
              checked={chosen[field] === choice.value}
              onChange={() => void handleChoose(field, choice.value)}
              className="ks-theme-picker__radio"
            />
            <span className="ks-theme-picker__sample" aria-hidden="true">
              {choice.sample}
            </span>
            <span className="ks-theme-picker__name">{choice.label}</span>
          </label>
        ))}
      </div>
      {extra}
    </fieldset>
  );

  return (
    <form method="post" action={themePaths.select} className="ks-theme-picker" onSubmit={(event) => enhanced && event.preventDefault()}>
      <FormSecurityFields />
      <input type="hidden" name="redirectUrl" value={returnPath} />
      <div className="ks-theme-picker__preview">
        <StaticBoard fen={previewFen} label={text("themes.picker.preview")} />
      </div>
      <div className="ks-theme-picker__groups">
        {group(
          "boardStyleId",
          "themes.picker.board",
          boardStyles.map((style) => ({
            value: style.id,
            label: text(boardStyleNameIds[style.id]),
            sample: <span className="ks-theme-picker__squares" style={{ background: `repeating-conic-gradient(${style.dark} 0 25%, ${style.light} 0 50%) 0 0 / 50% 50%` }} />,
          })),
        )}
        {group(
          "pieceSetId",
          "themes.picker.pieces",
          pieceSetIds.map((set) => ({
            value: set,
            label: text(pieceSetNameIds[set]),
            sample: (
              <>
                <img src={pieceImageUrl(set, "wn")} alt="" width={28} height={28} loading="lazy" />
                <img src={pieceImageUrl(set, "bq")} alt="" width={28} height={28} loading="lazy" />
              </>
            ),
          })),
        )}
        {group(
          "soundSetId",
          "themes.picker.sounds",
          soundSetIds.map((set) => ({ value: set, label: text(soundSetNameIds[set]), sample: <span className="ks-theme-picker__note">♪</span> })),
          enhanced ? (
            <button type="button" className="ks-button ks-theme-picker__listen" onClick={() => playSample(chosen.soundSetId)}>
              {text("themes.picker.play_sample")}
            </button>
          ) : null,
        )}
        {group(
          "backgroundId",
          "themes.picker.background",
          backgrounds.map((background) => ({
            value: background.id,
            label: text(backgroundNameIds[background.id]),
            sample: <span className="ks-theme-picker__backdrop" style={background.image ? { backgroundImage: background.image, ...(background.tile ? { backgroundSize: "12px 12px" } : {}) } : undefined} />,
          })),
        )}
      </div>
      {enhanced ? null : (
        <button type="submit" className="ks-button ks-button-primary">
          {text("themes.picker.save")}
        </button>
      )}
      <p className="ks-theme-picker__status" role="status">
        {saved ? text("themes.picker.saved") : ""}
      </p>
    </form>
  );
}
