/**
 * The fields of a seek or a challenge: time control (live presets, custom,
 * daily days), rules, rated or casual, colour and, for a seek, the rating
 * range. Native radio groups in fieldsets, so arrows and Tab work as usual.
 */
import { useId, type ReactNode } from "react";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { colorChoices, playableRules } from "../play.constants.ts";
import { CUSTOM, customLiveLimits, dailyDaysPerMove, livePresets, rangeSteps, timeControlKey, type TermsFormError, type TermsFormState } from "./terms-form-state.ts";
import { controlText } from "./terms-text.ts";

export interface TermsFieldsProps {
  readonly state: TermsFormState;
  readonly onChange: (next: TermsFormState) => void;
  /** Guests: casual live games only; the other choices show, disabled. */
  readonly isGuest: boolean;
  /** The offline challenge is daily only. */
  readonly dailyOnly?: boolean;
  readonly withRange: boolean;
  readonly error: TermsFormError | null;
}

function Choice({ name, checked, disabled = false, onSelect, children }: { name: string; checked: boolean; disabled?: boolean; onSelect: () => void; children: ReactNode }) {
  return (
    <label className="ks-choice">
      <input type="radio" name={name} checked={checked} disabled={disabled} onChange={onSelect} />
      <span>{children}</span>
    </label>
  );
}

export function TermsFields({ state, onChange, isGuest, dailyOnly = false, withRange, error }: TermsFieldsProps) {
  const intl = useIntl();
  const id = useId();
  const set = (change: Partial<TermsFormState>) => onChange({ ...state, ...change });
  const t = (key: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `play.lobby.${key}` }, values);

  return (
    <div className="ks-terms">
      <fieldset className="ks-terms-group">
        <legend>{t("field.speed")}</legend>
        <div className="ks-choice-row">
          <Choice name={`${id}-speed`} checked={state.speed === "live"} disabled={dailyOnly} onSelect={() => set({ speed: "live" })}>
            {t("speed.live")}
          </Choice>
          <Choice name={`${id}-speed`} checked={state.speed === "daily"} disabled={isGuest} onSelect={() => set({ speed: "daily" })}>
            {t("speed.daily")}
          </Choice>
        </div>
      </fieldset>

      {state.speed === "live" ? (
        <fieldset className="ks-terms-group">
          <legend>{t("field.live_control")}</legend>
          <div className="ks-choice-grid">
            {livePresets.map((control) => (
              <Choice key={timeControlKey(control)} name={`${id}-live`} checked={state.livePreset === timeControlKey(control)} onSelect={() => set({ livePreset: timeControlKey(control) })}>
                {controlText(intl, control)}
              </Choice>
            ))}
            <Choice name={`${id}-live`} checked={state.livePreset === CUSTOM} onSelect={() => set({ livePreset: CUSTOM })}>
              {t("control.custom")}
            </Choice>
          </div>
          {state.livePreset === CUSTOM && (
            <div className="ks-inline-form ks-terms-custom">
              <label className="ks-field">
                {t("field.minutes")}
                <input
                  type="text"
                  inputMode="decimal"
                  size={4}
                  value={state.customMinutes}
                  aria-invalid={error === "custom_minutes"}
                  aria-describedby={`${id}-minutes-note`}
                  onChange={(event) => set({ customMinutes: event.target.value })}
                />
              </label>
              <label className="ks-field">
                {t("field.increment")}
                <input
                  type="number"
                  min={0}
                  max={customLiveLimits.maxIncrementSeconds}
                  value={state.customIncrement}
                  aria-invalid={error === "custom_increment"}
                  aria-describedby={`${id}-minutes-note`}
                  onChange={(event) => set({ customIncrement: event.target.value })}
                />
              </label>
              <p id={`${id}-minutes-note`} className={error ? "ks-field-error" : "ks-field-hint"}>
                {t(error ? `error.${error}` : "field.custom_hint", { max: customLiveLimits.maxMinutes, maxIncrement: customLiveLimits.maxIncrementSeconds })}
              </p>
            </div>
          )}
        </fieldset>
      ) : (
        <fieldset className="ks-terms-group">
          <legend>{t("field.daily_control")}</legend>
          <div className="ks-choice-grid">
            {dailyDaysPerMove.map((days) => (
              <Choice key={days} name={`${id}-daily`} checked={state.daysPerMove === days} disabled={isGuest} onSelect={() => set({ daysPerMove: days })}>
                {controlText(intl, { kind: "daily", daysPerMove: days })}
              </Choice>
            ))}
          </div>
        </fieldset>
      )}

      <div className="ks-terms-columns">
        <fieldset className="ks-terms-group">
          <legend>{t("field.rules")}</legend>
          <div className="ks-choice-row">
            {playableRules.map((rules) => (
              <Choice key={rules} name={`${id}-rules`} checked={state.rules === rules} onSelect={() => set({ rules })}>
                {t(`rules.${rules}`)}
              </Choice>
            ))}
          </div>
        </fieldset>
        <fieldset className="ks-terms-group">
          <legend>{t("field.rated")}</legend>
          <div className="ks-choice-row">
            <Choice name={`${id}-rated`} checked={state.rated} disabled={isGuest} onSelect={() => set({ rated: true })}>
              {t("rated")}
            </Choice>
            <Choice name={`${id}-rated`} checked={!state.rated} onSelect={() => set({ rated: false })}>
              {t("casual")}
            </Choice>
          </div>
        </fieldset>
        <fieldset className="ks-terms-group">
          <legend>{t("field.color")}</legend>
          <div className="ks-choice-row">
            {colorChoices.map((color) => (
              <Choice key={color} name={`${id}-color`} checked={state.color === color} onSelect={() => set({ color })}>
                {t(`color.${color}`)}
              </Choice>
            ))}
          </div>
        </fieldset>
      </div>

      {withRange && (
        <fieldset className="ks-terms-group">
          <legend>{t("field.range")}</legend>
          <label className="ks-checkbox">
            <input type="checkbox" checked={state.rangeLimited} onChange={(event) => set({ rangeLimited: event.target.checked })} />
            {t("field.range_limited")}
          </label>
          {state.rangeLimited && (
            <div className="ks-inline-form">
              <label className="ks-field">
                {t("field.range_below")}
                <select value={state.rangeBelow} onChange={(event) => set({ rangeBelow: Number(event.target.value) })}>
                  {rangeSteps.map((step) => (
                    <option key={step} value={-step}>
                      −{intl.formatNumber(step)}
                    </option>
                  ))}
                </select>
              </label>
              <label className="ks-field">
                {t("field.range_above")}
                <select value={state.rangeAbove} onChange={(event) => set({ rangeAbove: Number(event.target.value) })}>
                  {rangeSteps.map((step) => (
                    <option key={step} value={step}>
                      +{intl.formatNumber(step)}
                    </option>
                  ))}
                </select>
              </label>
            </div>
          )}
        </fieldset>
      )}
    </div>
  );
}
