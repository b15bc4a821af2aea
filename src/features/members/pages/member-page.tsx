import { lazy, Suspense } from "react";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { data, useRevalidator, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/member-page";
import type { RootData } from "../../../platform/shell/root-data.ts";
import { resolveRequestLocale } from "../../../platform/i18n/request-locale.ts";
import { requirePage } from "../../../platform/pages/page-loader.server.ts";
import { PageHeader } from "../../../platform/pages/page-header.tsx";
import { CountryFlag } from "../../../ui/country-flag.tsx";
import { LazyImage } from "../../../ui/lazy-image.tsx";
import { RelativeTime } from "../../../ui/relative-time.tsx";
import { memberAccountPanels } from "../../accounts/staff/member-account-panels.server.ts";
import type { MemberAccountPanelsData } from "../../accounts/staff/member-account-panels.tsx";
import { actionsShownByPresence, VisitorActionBar } from "../../social/card/account-actions.tsx";
import { cardAccountActions, cardActions, type CardActionId, type CardViewer } from "../../social/card/card-actions.ts";
import { useFriendEvents } from "../../social/card/friend-events-hub.ts";
import { useCardTagline } from "../../social/card/use-card-tagline.ts";
import { ProfileClubs, ProfileFriends, ProfileRatings } from "../profile/profile-sections.tsx";
import { TrophyCabinet } from "../../trophies/components/trophy-cabinet.tsx";
import { closeUsernames } from "../search/member-search.server.ts";
import { PresenceButtonView, PresenceDot, TaglineBadges } from "../../social/card/tagline-view.tsx";
import { importWithRetry } from "../../../platform/http/chunk-retry.ts";
import { isSignedInDocument } from "../../../platform/shell/signed-in-slots.ts";
import { lazyModule } from "../../../ui/lazy-module.ts";
import "../profile/profile.css";

/** What only the profile's owner and staff see: a chunk of its own. */
const privateParts = lazyModule(() => importWithRetry(() => import("./member-page-private.tsx")), { preloadIf: isSignedInDocument });
const MemberAccountPanels = privateParts.component("MemberAccountPanels");
const PendingFriendRequests = privateParts.component("PendingFriendRequests");
const StatusEditor = privateParts.component("StatusEditor");

/**
 * The action bar with its calls, confirmations, report form and the member-action
 * policy: for signed-in viewers only. An anonymous visitor gets the actions that
 * need an account, decided by the loader (VisitorActionBar).
 */
const memberActions = lazyModule(() => importWithRetry(() => import("../../social/card/card-action-bar.tsx")), { preloadIf: isSignedInDocument });
const CardActionBar = memberActions.component("CardActionBar");

/** The trophy cabinet's award button: for signed-in viewers who may award only (a visitor never downloads it); its dialog loads on the first click. */
const awardTrophy = lazyModule(() => importWithRetry(() => import("../../trophies/components/award-trophy-button.tsx")), { preloadIf: isSignedInDocument });
const AwardTrophyButton = awardTrophy.component("AwardTrophyButton");

/** Only a mistyped name needs it: its own chunk keeps it off every profile's weight. */
const MemberNotFound = lazy(() => import("../search/member-not-found.tsx").then((module) => ({ default: module.MemberNotFound })));

/** How many friends the profile lists (the viewer's own friends first). */
const PROFILE_FRIENDS = 12;
/** Clubs on a profile; the rest are one link away (/clubs/home/{username}). */
const PROFILE_CLUBS = 12;

/**
 * /member/{username}: the member's profile, server-rendered from the same data
 * as the user card (GET /callback/user/popup), with the social actions of the
 * card, the member's friends, ratings and clubs (honest empty states until
 * games and clubs exist), the owner's status editor and account panels.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { params } = requirePage(request);
  const url = new URL(request.url);
  const { locale } = resolveRequestLocale(url, request.headers.get("host"));
  const viewer = context.viewer;
  const viewerRef = viewer.isLoggedIn && viewer.id !== null ? { id: viewer.id, level: viewer.membershipLevel } : null;
  const username = params.username ?? "";
  const profile = await context.services.memberProfiles.profile(username, viewerRef, locale, { clubs: PROFILE_CLUBS, friends: PROFILE_FRIENDS });
  if (!profile) {
    // A mistyped name: "Member not found" with the closest names, still a 404.
    const close = await closeUsernames(context.services.memberDirectory, username);
    const suggestions = close.map((member) => ({ username: member.username, countryCode: member.countryCode, chessTitle: member.chessTitle }));
    return data({ found: false as const, username, suggestions }, { status: 404 });
  }
  const { card, about, clubs, friends, pendingRequests, trophies } = profile;
  const accountPanels = await memberAccountPanels(context, { id: card.userId, username: card.username, isEnabled: card.isEnabled, canReceiveGift: card.canReceiveGiftMembership }, url.searchParams);
  // Their chunk is loaded before the server renders them (the owner's editor, the gift form, staff panels).
  if (card.isSelf || hasAccountPanels(accountPanels)) await privateParts.ready();
  if (viewer.isLoggedIn) await memberActions.ready();
  // The card's rules are decided here for what every viewer sees (the presence button's
  // Challenge) and for an anonymous visitor's bar (the actions that lead to signing in).
  const cardViewer: CardViewer = { isLoggedIn: viewer.isLoggedIn, isGuest: viewer.isGuest, id: viewer.id, username: viewer.username, isModerator: viewer.isModerator };
  const mayChallenge = cardActions(cardViewer, card).includes("challenge");
  const visitorActions = viewer.isLoggedIn ? null : cardAccountActions(cardViewer, card);
  const clubEntries = clubs.map((club) => ({ url: club.url, name: club.name, memberCount: club.memberCount }));
  // Awarding is offered where the card offers it (a messageable, enabled member); the trophies service decides the rest.
  const mayAward = viewer.isLoggedIn && cardActions(cardViewer, card).includes("award");
  if (mayAward) await awardTrophy.ready();
  return { found: true as const, card, accountPanels, friends: friends.friends, friendsTotal: friends.total, pendingRequests, about, clubs: clubEntries, visitorActions, mayChallenge, trophies, mayAward };
}

export default function MemberPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) {
    return (
      <Suspense fallback={null}>
        <MemberNotFound username={loaderData.username} suggestions={loaderData.suggestions} />
      </Suspense>
    );
  }
  return <MemberProfile {...loaderData} />;
}

/** Whether the account panels (a signed-in viewer's) show anything: a form's notice, the gift form, staff tools. */
function hasAccountPanels(panels: MemberAccountPanelsData): boolean {
  return panels.notice !== null || panels.gift !== null || panels.staff !== null;
}

type ProfileData = Extract<Route.ComponentProps["loaderData"], { found: true }>;

function MemberProfile({ card, accountPanels, friends, friendsTotal, pendingRequests, about, clubs, visitorActions, mayChallenge, trophies, mayAward }: ProfileData) {
  const intl = useIntl();
  const revalidator = useRevalidator();
  const user = useRouteLoaderData<RootData>("root")?.currentUser;
  const viewer: CardViewer = {
    isLoggedIn: user?.isLoggedIn ?? false,
    isGuest: user?.isGuest ?? false,
    id: user?.id ?? null,
    username: user?.username ?? "",
    isModerator: user?.isModerator ?? false,
  };
  const { presence, line, fullName } = useCardTagline(card, mayChallenge);
  // Presence knows when the member was last seen; without it, the last sign-in.
  const lastOnline = presence.offlineSince ?? card.lastLoginDate;
  // Gift membership leads to the gift form below; without the form (the membership service refuses a gift), no link.
  const withoutGift: CardActionId[] = accountPanels.gift ? [] : ["giftMembership"];
  const omitted: CardActionId[] = [...actionsShownByPresence(line.presenceButton), ...withoutGift];

  // A friend request, acceptance or removal by this member shows at once (on one's own profile: every one, for the pending requests).
  useFriendEvents((event) => {
    if (card.isSelf || event.from.toLowerCase() === card.username.toLowerCase()) void revalidator.revalidate();
  });

  return (
    <section className="ks-page ks-profile" aria-labelledby="page-title">
      <div className="ks-card ks-profile-hero">
        <div className="ks-profile-avatar">
          <LazyImage src={card.avatarUrl} alt={intl.formatMessage({ id: "profile.avatar" }, { username: card.username })} width={128} height={128} />
          <PresenceDot dot={line.presenceDot} onAvatar />
        </div>
        <div className="ks-profile-identity">
          <PageHeader title={card.username}>
            <p className="ks-member-line ks-profile-tagline">
              <TaglineBadges tagline={line} />
              {card.closedLabel && <span className="ks-membership-badge ks-membership-badge-closed">{intl.formatMessage({ id: card.closedLabel })}</span>}
            </p>
            <p className="ks-member-line ks-profile-origin">
              <CountryFlag code={card.country} name={card.countryName} size="medium" />
              <span>{card.countryName}</span>
              {fullName && (
                <>
                  <span aria-hidden="true">·</span>
                  <span>{fullName}</span>
                </>
              )}
              {about?.location && (
                <>
                  <span aria-hidden="true">·</span>
                  <span className="ks-profile-location">
                    <span className="ks-visually-hidden">{intl.formatMessage({ id: "profile.location" })}: </span>
                    {about.location}
                  </span>
                </>
              )}
            </p>
          </PageHeader>
          {about?.bio && (
            <p className="ks-profile-bio">{about.bio}</p>
          )}
          {card.isSelf ? <StatusEditor key={card.statusText ?? ""} statusText={card.statusText} /> : card.statusText && <p className="ks-status-text ks-profile-status">{card.statusText}</p>}
          <dl className="ks-facts ks-profile-facts">
            <div>
              <dt>{intl.formatMessage({ id: "member.joined" })}</dt>
              <dd><RelativeTime date={card.joinDate} /></dd>
            </div>
            <div>
              <dt>{intl.formatMessage({ id: "member.last_online" })}</dt>
              <dd>
                {presence.isOnline ? (
                  <span className="ks-profile-online">{intl.formatMessage({ id: "profile.presence.online_now" })}</span>
                ) : lastOnline ? (
                  <RelativeTime date={lastOnline} />
                ) : (
                  intl.formatMessage({ id: "member.never_online" })
                )}
              </dd>
            </div>
            <div>
              <dt>{intl.formatMessage({ id: "profile.friends" })}</dt>
              <dd>{intl.formatNumber(card.counts.friends)}</dd>
            </div>
            <div>
              <dt>{intl.formatMessage({ id: "profile.followers" })}</dt>
              <dd>{intl.formatNumber(card.counts.followers)}</dd>
            </div>
          </dl>
          {line.presenceButton && line.presenceButton.kind !== "lastOnline" && (
            <div className="ks-profile-presence">
              <PresenceButtonView button={line.presenceButton} />
            </div>
          )}
          {visitorActions ? (
            <VisitorActionBar className="ks-profile-actions" username={card.username} actions={visitorActions.filter((id) => !omitted.includes(id))} />
          ) : (
            <Suspense fallback={null}>
              <CardActionBar className="ks-profile-actions" viewer={viewer} card={card} gameLink={presence.gameLink} omit={omitted} onDone={() => void revalidator.revalidate()} />
            </Suspense>
          )}
        </div>
      </div>
      {accountPanels.disabled && (
        <p className="ks-account-notice" role="status" data-account-disabled="true">
          {intl.formatMessage({ id: "staff.account.disabled" })}
        </p>
      )}
      {hasAccountPanels(accountPanels) && <MemberAccountPanels panels={accountPanels} />}
      <div className="ks-profile-columns">
        {pendingRequests && <PendingFriendRequests incoming={pendingRequests.incoming} outgoing={pendingRequests.outgoing} onChanged={() => void revalidator.revalidate()} />}
        <ProfileRatings username={card.username} ratings={card.ratings} />
        <ProfileFriends username={card.username} friends={friends} total={friendsTotal} />
        <ProfileClubs username={card.username} clubs={clubs} />
      </div>
      <TrophyCabinet
        showcase={trophies.showcase}
        count={trophies.count}
        award={
          mayAward && (
            <Suspense fallback={null}>
              <AwardTrophyButton username={card.username} label="short" openOnHash className="ks-button ks-button-small ks-button-primary" onAwarded={() => void revalidator.revalidate()} />
            </Suspense>
          )
        }
      />
    </section>
  );
}
