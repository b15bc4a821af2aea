import { data, redirect } from "react-router";
import type { Route } from "./+types/create-arena-page";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { generateLink } from "../../../platform/links/links.ts";
import { PageHeader } from "../../../platform/pages/page-header.tsx";
import { requirePage } from "../../../platform/pages/page-loader.server.ts";
import { FormSecurityFields } from "../../../platform/security/form-security-fields.tsx";
import { arenaControls, arenaDurations, ARENA_DESCRIPTION_MAX, ARENA_NAME_MAX, controlOf, RATING_LIMIT_RANGE, SWISS_ROUNDS } from "../arena-settings.ts";
import "../tournaments.css";

/**
 * /play/online/create-tournament/{id}: a member creates an arena or a Swiss
 * (decision 0078: the kind, and rounds in place of a duration), or edits
 * the one they created (the id) until it starts. The form posts as it is
 * (no script needed); the server checks every value (arena-settings.ts).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const match = requirePage(request);
  const viewer = context.viewer;
  const here = new URL(request.url);
  if (!viewer.isLoggedIn || viewer.id === null) throw redirect(generateLink("web_security_login_and_go", { redirectUrl: here.pathname }));
  if (!viewer.isMember) throw data(null, { status: 403 });
  const error = here.searchParams.get("error");
  const errorId = error && /^[a-z_]{1,40}$/.test(error) ? error : null;
  const id = match.params.id;
  const minStart = new Date(Date.now() + 5 * 60_000);
  const defaults = { name: "", description: "", rules: "standard", control: "3+0", rated: true, startsAt: minStart.toISOString().slice(0, 16), durationMinutes: 60, minRating: "", maxRating: "", kind: "arena", rounds: 5 };
  if (!id) return { action: "/callback/tournament/create", editing: false, values: defaults, errorId };
  const row = await context.services.arenas.byId(Number(id));
  if (!row) throw data(null, { status: 404 });
  if (row.createdBy !== viewer.id || row.status !== "upcoming") throw data(null, { status: 403 });
  return {
    action: `/callback/tournament/${row.id}/edit`,
    editing: true,
    values: { name: row.name, description: row.description, rules: row.rules, control: controlOf(row), rated: row.rated, startsAt: row.startsAt.toISOString().slice(0, 16), durationMinutes: row.durationMinutes, minRating: row.minRating === null ? "" : String(row.minRating), maxRating: row.maxRating === null ? "" : String(row.maxRating), kind: row.kind, rounds: row.rounds ?? 5 },
    errorId,
  };
}

export default function CreateArenaPage({ loaderData }: Route.ComponentProps) {
  const intl = useIntl();
  const { action, editing, values, errorId } = loaderData;
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return (
    <section className="ks-page" aria-labelledby="page-title">
      <PageHeader title={text(editing ? "tournaments.create.edit_title" : "tournaments.create.title")} />
      {errorId && (
        <p className="ks-form-error" role="alert">
          {text(`tournaments.error.${errorId}`)}
        </p>
      )}
      <form method="post" action={action} className="ks-arena-form">
        <FormSecurityFields />
        <fieldset className="ks-arena-form__kind">
          <legend>{text("tournaments.create.kind")}</legend>
          <label>
            <span>
              <input type="radio" name="kind" value="arena" defaultChecked={values.kind !== "swiss"} disabled={editing} /> {text("tournaments.arena.kind")}
            </span>
          </label>
          <label>
            <span>
              <input type="radio" name="kind" value="swiss" defaultChecked={values.kind === "swiss"} disabled={editing} /> {text("tournaments.swiss.kind")}
            </span>
          </label>
        </fieldset>
        <label>
          {text("tournaments.create.name")}
          <input name="name" required minLength={3} maxLength={ARENA_NAME_MAX} defaultValue={values.name} />
        </label>
        <label>
          {text("tournaments.create.description")}
          <textarea name="description" maxLength={ARENA_DESCRIPTION_MAX} rows={3} defaultValue={values.description} />
        </label>
        <div className="ks-arena-form__row">
          <label>
            {text("tournaments.create.rules")}
            <select name="rules" defaultValue={values.rules}>
              <option value="standard">{text("tournaments.create.rules_standard")}</option>
              <option value="chess960">Chess960</option>
            </select>
          </label>
          <label>
            {text("tournaments.create.control")}
            <select name="control" defaultValue={values.control}>
              {arenaControls.map((control) => (
                <option key={control} value={control}>
                  {control}
                </option>
              ))}
            </select>
          </label>
        </div>
        <div className="ks-arena-form__row">
          <label>
            {text("tournaments.create.starts_at")}
            <input type="datetime-local" name="startsAt" required defaultValue={values.startsAt} />
          </label>
          <label>
            {text("tournaments.create.duration_arena")}
            <select name="durationMinutes" defaultValue={String(values.durationMinutes)}>
              {arenaDurations.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {text("tournaments.arena.duration", { minutes })}
                </option>
              ))}
            </select>
          </label>
          <label>
            {text("tournaments.create.rounds")}
            <select name="rounds" defaultValue={String(values.rounds)}>
              {Array.from({ length: SWISS_ROUNDS.max - SWISS_ROUNDS.min + 1 }, (_, index) => SWISS_ROUNDS.min + index).map((rounds) => (
                <option key={rounds} value={rounds}>
                  {text("tournaments.swiss.rounds", { rounds })}
                </option>
              ))}
            </select>
          </label>
        </div>
        <div className="ks-arena-form__row">
          <label>
            {text("tournaments.create.min_rating")}
            <input type="number" name="minRating" min={RATING_LIMIT_RANGE.min} max={RATING_LIMIT_RANGE.max} defaultValue={values.minRating} />
          </label>
          <label>
            {text("tournaments.create.max_rating")}
            <input type="number" name="maxRating" min={RATING_LIMIT_RANGE.min} max={RATING_LIMIT_RANGE.max} defaultValue={values.maxRating} />
          </label>
        </div>
        <label>
          <span>
            <input type="checkbox" name="rated" value="1" defaultChecked={values.rated} /> {text("tournaments.rated")}
          </span>
        </label>
        <button type="submit" className="ks-button ks-button-primary">
          {text(editing ? "tournaments.create.save" : "tournaments.create.submit")}
        </button>
      </form>
    </section>
  );
}
