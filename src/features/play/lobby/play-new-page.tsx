/**
 * /play/online/new: finding a game (issue 9 §2). The seek form (or, with
 * ?opponent=, the challenge form for that member), the member's open
 * challenges and the daily games waiting for their move, and the lobby of
 * open seeks, server-rendered and then live over the socket. Visitors who
 * are not signed in see the lobby and a sign-in prompt.
 */
import { Suspense, useState } from "react";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useLocation, useRevalidator, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/play-new-page";
import { useLinks } from "../../../platform/links/use-links.ts";
import { PageHeader } from "../../../platform/pages/page-header.tsx";
import { requirePage } from "../../../platform/pages/page-loader.server.ts";
import type { RootData } from "../../../platform/shell/root-data.ts";
import { useAlerts } from "../../../ui/alert.tsx";
import type { ChallengeView, SeekView } from "../play.schema.ts";
import { LobbyTable } from "./lobby-table.tsx";
import { useSocketCommand } from "../../../platform/realtime/socket-provider.tsx";
import { refusalMessageId } from "./play-commands.ts";
import { useOpenGame } from "./use-open-game.ts";
import { usePlayEvents, usePlayLive } from "./play-live.tsx";
import { useLobby } from "./use-lobby.ts";
import { lazyModule } from "../../../ui/lazy-module.ts";
import { isSignedInDocument } from "../../../platform/shell/signed-in-slots.ts";
import { importWithRetry } from "../../../platform/http/chunk-retry.ts";
import { FormSecurityFields } from "../../../platform/security/form-security-fields.tsx";
import "./lobby.css";

const signedInPlay = lazyModule(
  () => importWithRetry(() => import("./signed-in-play.tsx")),
  { preloadIf: isSignedInDocument },
);
const ChallengeForm = signedInPlay.component("ChallengeForm");
const OpenChallenges = signedInPlay.component("OpenChallenges");
const SeekForm = signedInPlay.component("SeekForm");
const YourMoveList = signedInPlay.component("YourMoveList");
const VacationPanel = signedInPlay.component("VacationPanel");

const OPPONENT = /^[A-Za-z0-9_-]{1,25}$/;

export async function loader({ request, context }: Route.LoaderArgs) {
  requirePage(request);
  const { services, viewer } = context;
  const member =
    viewer.isLoggedIn && viewer.id !== null
      ? {
          id: viewer.id,
          username: viewer.username,
          level: viewer.membershipLevel,
        }
      : null;
  const url = new URL(request.url);
  const opponentName = url.searchParams.get("opponent")?.trim() ?? "";
  // The home's quick pairing (?control=3+2): the seek form starts at it; a key it cannot read leaves the default.
  const control = url.searchParams.get("control")?.slice(0, 12) ?? null;
  // A signed-in visitor's forms are rendered on the server: their module is loaded first.
  if (member) await signedInPlay.ready();
  const [lobby, challenges, currentGames, opponentMember] = await Promise.all([
    services.seeks.lobby(),
    member ? services.challenges.listOpen(member) : Promise.resolve([]),
    member ? services.games.inProgressOf(member.id) : Promise.resolve([]),
    member && OPPONENT.test(opponentName)
      ? services.memberDirectory.memberByUsername(opponentName)
      : Promise.resolve(null),
  ]);
  let opponent: { id: number; username: string; online: boolean } | null = null;
  if (opponentMember && opponentMember.id !== member?.id) {
    const [presence] = await services.presence.service.presenceOf([
      opponentMember.id,
    ]);
    opponent = {
      id: opponentMember.id,
      username: opponentMember.username,
      online: presence?.status === "online",
    };
  }
  // Why ?opponent= gave no challenge form (a signed-out visitor is asked to sign in first).
  const opponentProblem =
    member === null || opponentName === "" || opponent
      ? null
      : opponentMember
        ? "refusal.self"
        : "challenge.no_member";
  return {
    lobby,
    challenges,
    dailyGames: currentGames.filter((game) => game.speed === "daily"),
    opponentName: opponentName.slice(0, 25),
    control,
    opponent,
    opponentProblem,
  };
}

export default function PlayNewPage({ loaderData }: Route.ComponentProps) {
  const {
    lobby,
    challenges,
    dailyGames,
    opponentName,
    control,
    opponent,
    opponentProblem,
  } = loaderData;
  const intl = useIntl();
  const send = useSocketCommand();
  const link = useLinks();
  const location = useLocation();
  const revalidator = useRevalidator();
  const { showAlert } = useAlerts();
  const openGame = useOpenGame();
  const user = useRouteLoaderData<RootData>("root")?.currentUser;
  const viewer = user?.isLoggedIn ? user.username : null;
  const isGuest = user?.isGuest ?? false;
  const { seeks, remove } = useLobby(lobby);
  const { currentGames } = usePlayLive();
  const [busy, setBusy] = useState(false);
  const t = (key: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `play.lobby.${key}` }, values);

  // Challenges come and go: the page's lists follow the member's events.
  usePlayEvents((event) => {
    if (event.type.startsWith("challenge.")) void revalidator.revalidate();
  });

  async function run<T>(
    work: () => Promise<{ ok: true; value: T } | { ok: false; error: string }>,
    then: (value: T) => Promise<void> | void,
  ) {
    setBusy(true);
    const answer = await work();
    setBusy(false);
    if (!answer.ok) {
      showAlert({
        type: "error",
        message: intl.formatMessage({ id: refusalMessageId(answer.error) }),
      });
      if (answer.error === "seek_gone" || answer.error === "challenge_gone")
        void revalidator.revalidate();
      return;
    }
    await then(answer.value);
  }

  const handleAcceptSeek = (seek: SeekView) =>
    run(
      () => send("seek.accept", { id: seek.id }),
      ({ gameId }) => openGame(gameId, seek.terms.control.kind),
    );
  const handleCancelSeek = (seek: SeekView) =>
    run(
      () => send("seek.cancel", { id: seek.id }),
      () => remove(seek.id),
    );
  const handleAcceptChallenge = (challenge: ChallengeView) =>
    run(
      () => send("challenge.accept", { id: challenge.id }),
      ({ gameId }) => openGame(gameId, challenge.terms.control.kind),
    );
  const handleDeclineChallenge = (challenge: ChallengeView) =>
    run(
      () => send("challenge.decline", { id: challenge.id }),
      () => revalidator.revalidate(),
    );
  const handleCancelChallenge = (challenge: ChallengeView) =>
    run(
      () => send("challenge.cancel", { id: challenge.id }),
      () => revalidator.revalidate(),
    );

  const mine =
    viewer === null
      ? []
      : seeks.filter(
          (seek) => seek.username.toLowerCase() === viewer.toLowerCase(),
        );
  // The header's live list when it has loaded, else what the page was rendered with.
  const daily = currentGames
    ? currentGames.filter((game) => game.speed === "daily")
    : dailyGames;
  const pendingToOpponent = opponent
    ? (challenges.find(
        (challenge) =>
          challenge.challenged.toLowerCase() ===
          opponent.username.toLowerCase(),
      ) ?? null)
    : null;
  const redirectUrl = `${location.pathname}${location.search}`;

  return (
    <section className="ks-page ks-play-page" aria-labelledby="page-title">
      <PageHeader title={t("title")} />
      <div className="ks-play-layout">
        <div className="ks-play-main">
          <Suspense fallback={null}>
            {viewer === null ? (
              <div className="ks-card ks-play-section">
                <h2>{t("signin.heading")}</h2>
                <p>{t("signin.text")}</p>
                <div className="ks-actions">
                  <a
                    className="ks-button ks-button-primary"
                    href={link("web_security_login_and_go", { redirectUrl })}
                  >
                    {t("signin.login")}
                  </a>
                  <a
                    className="ks-button"
                    href={link("web_security_register", { redirectUrl })}
                  >
                    {t("signin.register")}
                  </a>
                </div>
                {/* Guest play where people look for play (issue 22 item 2), not only under the register form. */}
                <form method="post" action="/guest" className="ks-play-guest">
                  <FormSecurityFields />
                  <input type="hidden" name="redirectUrl" value={redirectUrl} />
                  <button type="submit" className="ks-button ks-button-large" aria-describedby="play-guest-hint">
                    {t("signin.guest")}
                  </button>
                  <p id="play-guest-hint" className="ks-muted">{t("signin.guest_hint")}</p>
                </form>
              </div>
            ) : opponent ? (
              <ChallengeForm
                key={opponent.id}
                opponent={opponent}
                isGuest={isGuest}
                pending={pendingToOpponent}
                onChanged={() => void revalidator.revalidate()}
              />
            ) : (
              <>
                {opponentProblem && (
                  <p className="ks-form-error" role="alert">
                    {t(opponentProblem, { username: opponentName })}
                  </p>
                )}
                <SeekForm
                  initialControl={control}
                  isGuest={isGuest}
                  waiting={mine}
                  onCancel={(seek) => void handleCancelSeek(seek)}
                />
              </>
            )}
          </Suspense>
        </div>
        <aside className="ks-play-side">
          {/* Tournaments are found where people look for play (issue 26 item 7): the header has no room for a seventh item. */}
          <p className="ks-card ks-play-section ks-play-tournaments">
            <a href={link("web_tournaments")}>{t("tournaments.heading")}</a>
            <span className="ks-muted"> — {t("tournaments.text")}</span>
          </p>
          {viewer !== null && (
            <Suspense fallback={null}>
              <OpenChallenges
                challenges={challenges}
                viewer={viewer}
                busy={busy}
                onAccept={(challenge) => void handleAcceptChallenge(challenge)}
                onDecline={(challenge) =>
                  void handleDeclineChallenge(challenge)
                }
                onCancel={(challenge) => void handleCancelChallenge(challenge)}
              />
              {!isGuest && <YourMoveList games={daily} />}
              {!isGuest && <VacationPanel />}
            </Suspense>
          )}
        </aside>
      </div>
      <section className="ks-play-section" aria-labelledby="ks-lobby-heading">
        <h2 id="ks-lobby-heading">{t("lobby.heading")}</h2>
        <LobbyTable
          seeks={seeks}
          viewer={viewer}
          isGuest={isGuest}
          busy={busy}
          onAccept={(seek) => void handleAcceptSeek(seek)}
          onCancel={(seek) => void handleCancelSeek(seek)}
        />
      </section>
    </section>
  );
}
