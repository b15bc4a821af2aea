import { data, redirect } from "react-router";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { generateLink } from "../../../platform/links/links.ts";
import { PageHeader } from "../../../platform/pages/page-header.tsx";
import { requirePage } from "../../../platform/pages/page-loader.server.ts";
import { FormSecurityFields } from "../../../platform/security/form-security-fields.tsx";
import { ChallengeTermsFields } from "../components/challenge-terms-fields.tsx";
import { ChallengeRow } from "../components/challenge-row.tsx";
import "../team-matches.css";
import type { Route } from "./+types/club-challenges-page";

const errorIds: Readonly<Record<string, string>> = {
  not_club_admin: "team_matches.error.not_club_admin",
  same_club: "team_matches.error.same_club",
  club_not_found: "team_matches.error.club_not_found",
  challenge_not_pending: "team_matches.error.challenge_not_pending",
  challenge_expired: "team_matches.error.challenge_expired",
  wrong_opponent_group: "team_matches.error.wrong_opponent_group",
  validation_failed: "team_matches.error.terms",
};

/**
 * /play/online/club-challenges (spec 000 §2; decision 0072): the pending
 * challenges of the viewer's clubs, and, for the clubs they run, a form to
 * find an opponent club and send one. Plain forms: it works without JavaScript.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = requirePage(request);
  const viewer = context.viewer;
  const here = generateLink("web_play_club_challenges", {}, { locale: page.pathLocale });
  if (!viewer.isLoggedIn || viewer.id === null) throw redirect(generateLink("web_security_login_and_go", { redirectUrl: here }, { locale: page.pathLocale }));
  if (!viewer.isMember) throw data(null, { status: 403 });
  const { clubs, clubAccess, teamMatchChallenges } = context.services;
  const mine = await clubs.clubsOf(viewer.id, 100);
  const runs = [];
  for (const club of mine) {
    const standing = await clubAccess.standingOf(club.id, viewer.id);
    if (standing.roles.includes("owner") || standing.roles.includes("admin")) runs.push({ id: club.id, name: club.name });
  }
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 64);
  const from = Number(url.searchParams.get("from") ?? runs[0]?.id ?? 0);
  const fromClub = runs.find((club) => club.id === from) ?? runs[0] ?? null;
  const found = q && fromClub ? (await clubs.list({ q: q.toLowerCase(), page: 1 })).clubs.filter((club) => club.id !== fromClub.id).slice(0, 10).map((club) => ({ id: club.id, name: club.name, memberCount: club.memberCount })) : [];
  const opponentId = Number(url.searchParams.get("opponent") ?? 0);
  const opponent = opponentId > 0 ? ((await clubAccess.clubsByIds([opponentId])).get(opponentId) ?? null) : null;
  const pending = await teamMatchChallenges.pendingOfClubs(
    mine.map((club) => club.id),
    viewer.id,
  );
  const error = url.searchParams.get("error");
  return { here, runs, fromClub, q, found, opponent: opponent && opponent.id !== fromClub?.id ? { id: opponent.id, name: opponent.name } : null, pending, errorMessageId: error ? (errorIds[error] ?? "team_matches.error.terms") : null };
}

export default function ClubChallengesPage({ loaderData }: Route.ComponentProps) {
  const intl = useIntl();
  const { here, runs, fromClub, q, found, opponent, pending, errorMessageId } = loaderData;
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return (
    <section className="ks-page ks-team-matches" aria-labelledby="page-title">
      <PageHeader title={t("team_matches.challenges.title")} />
      <p>{t("team_matches.challenges.intro")}</p>
      {errorMessageId && (
        <p className="ks-form-error" role="alert">
          {t(errorMessageId)}
        </p>
      )}
      <ul className="ks-team-matches__list" aria-label={t("team_matches.challenges.title")}>
        {pending.length === 0 && <li>{t("team_matches.challenges.none")}</li>}
        {pending.map((challenge) => (
          <ChallengeRow key={challenge.id} challenge={challenge} back={here} />
        ))}
      </ul>
      <h2>{t("team_matches.challenges.new")}</h2>
      {!fromClub ? (
        <p>{t("team_matches.challenges.no_admin")}</p>
      ) : (
        <>
          <form method="get" role="search" className="ks-card ks-form ks-team-matches__search">
            <label>
              {t("team_matches.challenges.from_club")}
              <select name="from" defaultValue={String(fromClub.id)}>
                {runs.map((club) => (
                  <option key={club.id} value={club.id}>
                    {club.name}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t("team_matches.challenges.search")}
              <input type="search" name="q" defaultValue={q} maxLength={64} data-testid="challenge-search" />
            </label>
            <button type="submit" className="ks-button">
              {t("team_matches.challenges.search_button")}
            </button>
          </form>
          {found.length > 0 && (
            <ul className="ks-team-matches__found">
              {found.map((club) => (
                <li key={club.id}>
                  <a href={`${here}?from=${fromClub.id}&opponent=${club.id}`}>
                    {club.name} ({club.memberCount})
                  </a>
                </li>
              ))}
            </ul>
          )}
          {opponent && (
            <form method="post" action={`/callback/clubs/match_challenge/new/${fromClub.id}`} className="ks-card ks-form ks-team-matches__terms" aria-label={t("team_matches.challenges.new")}>
              <FormSecurityFields />
              <input type="hidden" name="redirectUrl" value={here} />
              <input type="hidden" name="opponentClubId" value={opponent.id} />
              <p>
                {t("team_matches.challenges.opponent")}: <strong>{opponent.name}</strong>
              </p>
              <ChallengeTermsFields />
              <button type="submit" className="ks-button ks-button-primary" data-testid="send-challenge">
                {t("team_matches.challenges.send")}
              </button>
            </form>
          )}
        </>
      )}
    </section>
  );
}
