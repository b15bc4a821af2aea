/**
 * What an arena's page and a Swiss's page share: the facts line under the
 * name, the refusal a form post came back with, the one-button forms (join,
 * pause, withdraw) and the podium.
 */
import type { ReactNode } from "react";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import { FormSecurityFields } from "../../../platform/security/form-security-fields.tsx";

export interface TournamentFactsView {
  readonly control: string;
  readonly rules: string;
  readonly rated: boolean;
  readonly minRating: number | null;
  readonly maxRating: number | null;
  readonly createdBy: string | null;
}

/** "Arena · 3+0 · Rated · 60 minutes · 1000–2000 · 12 players · by alice": `kind` and `length` are the kind's own words. */
export function TournamentFacts({ view, kind, length, players }: { readonly view: TournamentFactsView; readonly kind: string; readonly length: string; readonly players: number }) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return (
    <p className="ks-arena__facts">
      <span>{kind}</span>
      <span>
        {view.control}
        {view.rules === "chess960" ? " · Chess960" : ""}
      </span>
      <span>{text(view.rated ? "tournaments.rated" : "tournaments.casual")}</span>
      <span>{length}</span>
      {(view.minRating !== null || view.maxRating !== null) && <span>{text("tournaments.arena.rating_range", { min: view.minRating ?? "–", max: view.maxRating ?? "–" })}</span>}
      <span>{text("tournaments.players", { count: players })}</span>
      {view.createdBy && <span>{text("tournaments.arena.created_by", { username: view.createdBy })}</span>}
    </p>
  );
}

/** A one-button form posting to the tournament's callback (it answers with the page again): works without JavaScript. */
export function TournamentActionForm({ action, label, primary = false }: { readonly action: string; readonly label: string; readonly primary?: boolean }) {
  return (
    <form method="post" action={action}>
      <FormSecurityFields />
      <button type="submit" className={primary ? "ks-button ks-button-primary" : "ks-button"}>
        {label}
      </button>
    </form>
  );
}

/** The first three at the end, each with their score in the kind's words. */
export function TournamentPodium({ id, standings, score }: { readonly id: string; readonly standings: readonly { readonly username: string; readonly score: number }[]; readonly score: (points: number) => ReactNode }) {
  const intl = useIntl();
  const link = useLinks();
  if (standings.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{intl.formatMessage({ id: "tournaments.arena.podium" })}</h2>
      <ol className="ks-arena__podium">
        {standings.slice(0, 3).map((standing) => (
          <li key={standing.username}>
            <a href={link("web_member_profile", { username: standing.username.toLowerCase() })}>{standing.username}</a>
            <div>{score(standing.score)}</div>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The refusal code a tournament's form post sent the browser back with (`?error=`), if it is shaped like one. */
export function errorCodeOf(request: Request): string | null {
  const error = new URL(request.url).searchParams.get("error");
  return error && /^[a-z_]{1,40}$/.test(error) ? error : null;
}

const errorIds: Readonly<Record<string, string>> = {
  guest: "tournaments.error.guest",
  finished: "tournaments.error.finished",
  rating_outside_limits: "tournaments.error.rating_outside_limits",
  not_joined: "tournaments.error.not_joined",
};

/** The refusal's words, for the codes the tournaments' forms send; nothing for another code. */
export function TournamentError({ code }: { readonly code: string | null }) {
  const intl = useIntl();
  const id = code === null ? undefined : errorIds[code];
  if (!id) return null;
  return (
    <p className="ks-form-error" role="alert">
      {intl.formatMessage({ id })}
    </p>
  );
}
