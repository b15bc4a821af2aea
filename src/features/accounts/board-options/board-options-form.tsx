import { useState, type ChangeEvent, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import { useHttpClient } from "../../../platform/http/http-client-context.tsx";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import { FormSecurityFields } from "../components/csrf-field.tsx";
import {
  animationTypes,
  coordinatePlacements,
  moveListClassificationStyles,
  moveListDisplayTypes,
  moveMethods,
  saveMoveMethod,
  usersMePath,
  type BoardOptions,
} from "./board-options.ts";

/** The form's switches: each option with its settings key and its label's message. */
const switches = [
  ["highlightLegalMoves", "board.show_legal_moves", "board_options.highlight_legal_moves"],
  ["highlightMoves", "board.highlight_moves", "board_options.highlight_moves"],
  ["isWhiteOnBottom", "board.white_always_on_bottom", "board_options.white_on_bottom"],
  ["playSounds", "board.play_sounds", "board_options.play_sounds"],
  ["showTimestamps", "gameplay.show_timestamps", "board_options.show_timestamps"],
] as const;

/** A field's value as the settings service takes it: a ticked box is true, an unticked one false. */
function submittedValue(field: HTMLInputElement | HTMLSelectElement): string | boolean | null {
  if (field instanceof HTMLInputElement && field.type === "checkbox") return field.checked;
  if (field.name === "site.dark_mode") return field.value === "system" ? null : field.value === "1";
  return field.value;
}

type SaveState = "idle" | "saving" | "saved";

/**
 * The Board and theme section of /settings: every option of spec 001 §3.6 the
 * settings service keeps, in one real form that posts to users/me without
 * JavaScript (and comes back with "saved"). With JavaScript each change is
 * saved at once through the page's HTTP client, and the page's data is read
 * again, so a new site theme shows without a reload. A refused change puts
 * the form back as the server last had it (the client has shown the error).
 */
export function BoardOptionsForm({ options }: { options: BoardOptions }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const links = useLinks();
  const client = useHttpClient();
  const revalidator = useRevalidator();
  const [state, setState] = useState<SaveState>("idle");

  const save = async (form: HTMLFormElement, change: Record<string, unknown>) => {
    setState("saving");
    try {
      await client.post(usersMePath, change);
      setState("saved");
      await revalidator.revalidate();
    } catch {
      form.reset();
      setState("idle");
    }
  };

  const handleChange = (event: ChangeEvent<HTMLFormElement>) => {
    const field = event.target;
    if (!(field instanceof HTMLInputElement || field instanceof HTMLSelectElement) || !field.name.includes(".")) return;
    void save(event.currentTarget, { [field.name]: submittedValue(field) });
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = [...form.elements].filter((field) => field instanceof HTMLInputElement || field instanceof HTMLSelectElement);
    const change = Object.fromEntries(fields.filter((field) => field.name.includes(".") && field.type !== "hidden" && (field.type !== "radio" || field.checked)).map((field) => [field.name, submittedValue(field)]));
    void save(form, change);
  };

  const select = (name: string, label: string, value: string, choices: readonly (readonly [string, string])[]) => (
    <label className="ks-field">
      <span>{t(label)}</span>
      <select name={name} defaultValue={value}>
        {choices.map(([choice, text]) => (
          <option key={choice} value={choice}>
            {t(text)}
          </option>
        ))}
      </select>
    </label>
  );

  const theme = options.darkMode === null ? "system" : options.darkMode ? "1" : "0";
  return (
    <form method="post" action={usersMePath} className="ks-form ks-settings-form ks-board-options" onChange={handleChange} onSubmit={handleSubmit} aria-busy={state === "saving"}>
      <FormSecurityFields />
      <fieldset className="ks-settings-fieldset">
        <legend className="ks-field-legend">{t("board_options.dark_mode")}</legend>
        <div className="ks-board-options-choices">
          {(
            [
              ["system", "board_options.dark_mode.system"],
              ["1", "board_options.dark_mode.dark"],
              ["0", "board_options.dark_mode.light"],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="ks-checkbox">
              <input type="radio" name="site.dark_mode" value={value} defaultChecked={theme === value} />
              <span>{t(label)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {/* The pieces, board colours, sounds and background are the themes feature's, on a page of their own. */}
      <p>
        <a href={links("web_user_settings_themes")}>{t("board_options.themes_link")}</a>
      </p>
      {select("board.coordinates", "board_options.coordinates", options.coordinates, coordinatePlacements.map((placement) => [placement, `board_options.coordinates.${placement}`]))}
      {select("board.move_method", "board_options.move_method", saveMoveMethod(options.moveMethod), moveMethods.map((method) => [saveMoveMethod(method), `board_options.move_method.${method}`]))}
      {select("board.animation_type", "board_options.animation_type", options.animationType, animationTypes.map((type) => [type, `board_options.animation_type.${type}`]))}
      {select("board.move_list_style", "board_options.move_list_display", options.moveListDisplayType, moveListDisplayTypes.map((type) => [type, `board_options.move_list_display.${type}`]))}
      {select(
        "board.move_classification_style",
        "board_options.move_list_classification",
        options.moveListClassificationStyle,
        moveListClassificationStyles.map((style) => [style, `board_options.move_list_classification.${style}`]),
      )}
      {switches.map(([option, name, label]) => (
        <label key={name} className="ks-checkbox">
          {/* Without JavaScript an unticked box sends nothing: the hidden "0" before it says off (the server takes the last value). */}
          <input type="hidden" name={name} value="0" />
          <input type="checkbox" name={name} value="1" defaultChecked={options[option]} />
          <span>{t(label)}</span>
        </label>
      ))}
      <div className="ks-actions">
        <button type="submit" className="ks-button ks-button-primary">
          {t("board_options.save")}
        </button>
        <span className="ks-field-ok" role="status">
          {state === "saved" ? t("board_options.saved") : ""}
        </span>
      </div>
    </form>
  );
}
