/** A signed-in member's home, in a chunk a visitor never downloads (the landing page is theirs). */
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { PageHeader } from "../../../platform/pages/page-header.tsx";
import type { HomeContentType } from "../../accounts/current-user.ts";
import type { MemberHome } from "../member-home.service.server.ts";
import { FirstStepsCard, GuestFirstSteps } from "./first-steps.tsx";
import { HomeFeedSection } from "./home-feed.tsx";
import { ClubActivityCard, FriendsOnlineCard, GamesCard, QuickPairingCard, RatingsCard } from "./home-panels.tsx";
import "../home.css";

export function GuestHome({ username }: { username: string }) {
  const intl = useIntl();
  return (
    <section className="ks-page ks-member-home" aria-labelledby="page-title">
      <PageHeader title={intl.formatMessage({ id: "member_home.title" })} />
      <GuestFirstSteps username={username} />
    </section>
  );
}

export function MemberHomeView({ username, contentType, welcome, home }: { username: string; contentType: HomeContentType; welcome: boolean; home: MemberHome }) {
  const intl = useIntl();
  const steps = home.firstSteps;
  const allDone = steps.playedAGame && steps.joinedAClub && steps.followsSomeone && steps.hasAvatar;
  return (
    <section className="ks-page ks-member-home" aria-labelledby="page-title">
      <PageHeader title={intl.formatMessage({ id: "member_home.greeting" }, { username })} />
      {(welcome || !allDone) && <FirstStepsCard username={username} welcome={welcome} steps={steps} followSuggestions={home.followSuggestions} clubSuggestions={home.clubSuggestions} />}
      <div className="ks-member-home-grid">
        <div className="ks-member-home-main">
          <GamesCard games={home.games} />
          <HomeFeedSection feed={home.feed} contentType={contentType} followsSomeone={steps.followsSomeone} />
        </div>
        <aside className="ks-member-home-side">
          <QuickPairingCard />
          <RatingsCard ratings={home.ratings} />
          <FriendsOnlineCard friends={home.friendsOnline} />
          <ClubActivityCard clubs={home.clubs} />
        </aside>
      </div>
    </section>
  );
}
