import { useIntl } from "../../../../platform/i18n/intl.tsx";
import { planLevels, planPeriods } from "../plans.ts";
import { levelMessageIds } from "../../levels.ts";

/** The level and period selects of the grant and gift forms (gold, monthly preselected). */
export function PlanChoiceFields() {
  const intl = useIntl();
  return (
    <>
      <label className="ks-field">
        <span>{intl.formatMessage({ id: "membership.form.level" })}</span>
        <select name="level" defaultValue="gold">
          {planLevels.map((level) => (
            <option key={level} value={level}>{intl.formatMessage({ id: levelMessageIds[level] })}</option>
          ))}
        </select>
      </label>
      <label className="ks-field">
        <span>{intl.formatMessage({ id: "membership.form.period" })}</span>
        <select name="period" defaultValue="monthly">
          {planPeriods.map((period) => (
            <option key={period} value={period}>{intl.formatMessage({ id: `membership.plan.${period}` })}</option>
          ))}
        </select>
      </label>
    </>
  );
}
