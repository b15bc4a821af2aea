import { lazy, Suspense, useState, type ChangeEvent, type MouseEvent } from "react";
import { useRevalidator } from "react-router";
import { useHttpClient } from "../../../platform/http/http-client-context.tsx";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import { FormSecurityFields } from "../components/csrf-field.tsx";
import { FlairImage, flairName } from "./flair-image.tsx";
import type { FlairPickerData } from "./flair.service.server.ts";
import "./flair-picker.css";

// "Want Your Own Flair?" is code for the few who click a flair they may not wear: loaded then (decision 0035).
const FlairUpsell = lazy(() => import("./flair-upsell.tsx").then((module) => ({ default: module.FlairUpsell })));

const setFlairPath = "/callback/user/set-flair";
const setFlairStatusPath = "/callback/user/set-flair-status";

type SaveState = "idle" | "saving" | "saved";

/**
 * The flair section of /settings (spec 001 §3.7, §7.6): every flair, the ones
 * this member may wear as radio buttons, the premium ones for a basic member
 * as links that open "Want Your Own Flair?" (the membership page without
 * JavaScript), and whether the flair shows. Two plain forms that post to the
 * flair calls and come back here; with JavaScript a choice is saved at once
 * and the page's data read again. The server decided what is available.
 */
export function FlairPicker({ picker }: { readonly picker: FlairPickerData }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const links = useLinks();
  const client = useHttpClient();
  const revalidator = useRevalidator();
  const [state, setState] = useState<SaveState>("idle");
  const [upsellOpen, setUpsellOpen] = useState(false);

  const save = async (form: HTMLFormElement, path: string, body: Record<string, string>) => {
    setState("saving");
    try {
      await client.post(path, body);
      setState("saved");
      await revalidator.revalidate();
    } catch {
      // The client has shown the refusal; the form goes back to what the server has.
      form.reset();
      setState("idle");
    }
  };
  const handleChange = (path: string, field: string) => (event: ChangeEvent<HTMLFormElement>) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || input.name !== field || !input.checked) return;
    void save(event.currentTarget, path, { [field]: input.value });
  };
  const openUpsell = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    setUpsellOpen(true);
  };

  const { current } = picker;
  const wearing = current.code !== "nothing";
  return (
    <div className="ks-flair-picker">
      <p className="ks-flair-current" role="status">
        {wearing ? (
          <>
            <FlairImage code={current.code} alt="" size={34} /> {t(current.status === "hidden" ? "flair.picker.current_hidden" : "flair.picker.current", { name: flairName(current.code) })}
          </>
        ) : (
          t("flair.picker.current_none")
        )}
        <span className="ks-field-ok">{state === "saved" ? ` ${t("flair.picker.saved")}` : ""}</span>
      </p>
      <form method="post" action={setFlairPath} className="ks-form ks-settings-form" onChange={handleChange(setFlairPath, "flairCode")} aria-busy={state === "saving"}>
        <FormSecurityFields />
        <fieldset className="ks-settings-fieldset">
          <legend className="ks-field-legend">{t("flair.picker.choose")}</legend>
          {!picker.premium && <p className="ks-muted" id="flair-premium-note">{t("flair.picker.premium_note")}</p>}
          <ul role="list" className="ks-flair-choices">
            {picker.choices.map((choice) =>
              choice.available ? (
                <li key={choice.code}>
                  <label className="ks-flair-choice">
                    <input type="radio" name="flairCode" value={choice.code} defaultChecked={choice.code === current.code} />
                    <FlairImage code={choice.code} alt="" size={34} />
                    <span>{flairName(choice.code)}</span>
                  </label>
                </li>
              ) : (
                <li key={choice.code}>
                  <a className="ks-flair-choice ks-flair-choice-locked" href={links("web_membership", { c: "flair" })} onClick={openUpsell} data-flair-locked={choice.code} aria-describedby="flair-premium-note">
                    <FlairImage code={choice.code} alt="" size={34} />
                    <span>{flairName(choice.code)}</span>
                    <span className="ks-flair-lock">{t("flair.picker.premium_only")}</span>
                  </a>
                </li>
              ),
            )}
          </ul>
        </fieldset>
        {/* Without JavaScript the choice is sent by this button (a plain post, back here); with it, each choice is saved as it is made. */}
        <button type="submit" className="ks-button">
          {t("flair.picker.save")}
        </button>
      </form>
      <form method="post" action={setFlairStatusPath} className="ks-form ks-settings-form" onChange={handleChange(setFlairStatusPath, "status")}>
        <FormSecurityFields />
        <fieldset className="ks-settings-fieldset">
          <legend className="ks-field-legend">{t("flair.picker.status")}</legend>
          <div className="ks-board-options-choices">
            {(["active", "hidden"] as const).map((status) => (
              <label key={status} className="ks-checkbox">
                <input type="radio" name="status" value={status} defaultChecked={current.status === status} />
                <span>{t(`flair.picker.status.${status}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" className="ks-button">
          {t("flair.picker.save_status")}
        </button>
      </form>
      {upsellOpen && (
        <Suspense fallback={null}>
          <FlairUpsell onClose={() => setUpsellOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
