import { useIntl } from "../../../platform/i18n/intl.tsx";

const daysChoices = [1, 2, 3, 5, 7, 14] as const;

/** The terms of a challenge, as plain form fields (the server validates them: team-matches.schema.ts). */
export function ChallengeTermsFields() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <div className="ks-team-matches__fields">
      <label>
        {t("team_matches.terms.name")}
        <input name="name" maxLength={80} />
      </label>
      <fieldset>
        <legend>{t("team_matches.terms.kind")}</legend>
        <label>
          <input type="radio" name="kind" value="daily" defaultChecked /> {t("team_matches.terms.daily")}
        </label>
        <label>
          <input type="radio" name="kind" value="live" /> {t("team_matches.terms.live")}
        </label>
      </fieldset>
      <label>
        {t("team_matches.terms.rules")}
        <select name="rules" defaultValue="standard">
          <option value="standard">{t("team_matches.terms.standard")}</option>
          <option value="chess960">{t("team_matches.terms.chess960")}</option>
        </select>
      </label>
      <label>
        {t("team_matches.terms.days_per_move")}
        <select name="daysPerMove" defaultValue="3">
          {daysChoices.map((days) => (
            <option key={days} value={days}>
              {days}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t("team_matches.terms.base_minutes")}
        <input type="number" name="baseMinutes" min={1} max={180} defaultValue={10} />
      </label>
      <label>
        {t("team_matches.terms.increment")}
        <input type="number" name="incrementSeconds" min={0} max={60} defaultValue={0} />
      </label>
      <label>
        {t("team_matches.terms.games_per_board")}
        <select name="gamesPerBoard" defaultValue="2">
          <option value="1">1</option>
          <option value="2">2</option>
        </select>
      </label>
      <label>
        {t("team_matches.terms.rated")}
        <select name="rated" defaultValue="1">
          <option value="1">{t("team_matches.terms.rated_yes")}</option>
          <option value="0">{t("team_matches.terms.rated_no")}</option>
        </select>
      </label>
      <label>
        {t("team_matches.terms.boards")}
        <input type="number" name="maxBoards" min={1} max={500} defaultValue={10} required />
      </label>
      <label>
        {t("team_matches.terms.min_rating")}
        <input type="number" name="minRating" min={100} max={3000} />
      </label>
      <label>
        {t("team_matches.terms.max_rating")}
        <input type="number" name="maxRating" min={100} max={3000} />
      </label>
      <label>
        {t("team_matches.terms.starts_in")}
        <input type="number" name="startsInHours" min={1} max={720} defaultValue={24} required />
      </label>
    </div>
  );
}
