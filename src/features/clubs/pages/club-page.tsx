import { useIntl } from "../../../platform/i18n/intl.tsx";
import { data } from "react-router";
import { generateLink } from "../../../platform/links/links.ts";
import { useLinks } from "../../../platform/links/use-links.ts";
import { PageHeader } from "../../../platform/pages/page-header.tsx";
import { requirePage } from "../../../platform/pages/page-loader.server.ts";
import { clubActionAllowed, runsClub } from "../club-role.policy.ts";
import { clubViewerOfUser, formErrorOf } from "../club-page-viewer.server.ts";
import { ClubActionForm, ClubAvatar, ClubFormError, ClubJoinPolicyLabel } from "../components/club-parts.tsx";
import type { Route } from "./+types/club-page";
import { latestNote, latestTopics } from "../forum/club-page-summary.server.ts";
import { ClubForumSummary } from "../forum/components/club-forum-summary.tsx";
import { upcomingEvents } from "../events/club-page-summary.server.ts";
import { RelativeTime } from "../../../ui/relative-time.tsx";
import { CountryLabel } from "../../../ui/country-label.tsx";
import "../components/clubs.css";

/**
 * /club/{url}: the club's profile. Name, avatar, background, description,
 * country, members count, admins, created date, the join button in the state
 * that fits the viewer, recent members; for the owner and admins, the waiting
 * requests and (owner) the invitation link. Everything posts to the club
 * callbacks, which decide again on the server.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = requirePage(request);
  const { clubs, clubMembership, clubInvitations, clubStaff } = context.services;
  const club = await clubs.details(page.params.url ?? "");
  if (!club) throw data(null, { status: 404 });
  const viewer = clubViewerOfUser(context.viewer);
  const { standing, joinState } = await clubs.viewerState(club, viewer);
  const allowed = (action: Parameters<typeof clubActionAllowed>[1]) => clubActionAllowed(viewer, action, standing, club);
  const canManageRequests = allowed("manage_requests");
  // The Chat tab: the chat's own read rule (members, site staff, not those removed from the chat), the one its page and socket enforce.
  const mayChat = viewer ? context.services.clubChat.mayRead({ id: viewer.id, username: context.viewer.username, siteStaff: viewer.siteStaff }, club.id) : Promise.resolve(false);
  const canGenerateSecret = allowed("generate_invitation_secret");
  // Pending team-match challenges: the club's owner and admins answer and send them (on /play/online/club-challenges).
  const runsThisClub = runsClub(standing);
  const [staff, recent, requests, secret, note, topics, events, chat, challenges] = await Promise.all([
    clubStaff.staffOf(club.id),
    clubMembership.recentMembers(club.id, 12),
    canManageRequests ? clubInvitations.pendingRequests(club.id) : Promise.resolve([]),
    canGenerateSecret && viewer ? clubInvitations.invitationSecret({ ...viewer, username: context.viewer.username }, club.id) : Promise.resolve(null),
    latestNote(context.services, club.id),
    latestTopics(context.services, club.id, 5),
    upcomingEvents(context.services, club.id, 5),
    mayChat,
    runsThisClub ? context.services.clubEvents.pendingChallenges(club.id, 10) : Promise.resolve([]),
  ]);
  const here = generateLink("web_club", { url: club.url }, { locale: page.pathLocale });
  return {
    here,
    error: formErrorOf(request),
    club: { ...club, createdAt: club.createdAt.toISOString(), lastActivityAt: club.lastActivityAt.toISOString() },
    note: note ? { id: note.id, author: note.author, html: note.html, createdAt: note.createdAt } : null,
    topics: topics.map((topic) => ({ id: topic.id, title: topic.title, path: topic.path, replyCount: topic.replyCount, lastPostAt: topic.lastPostAt })),
    events,
    challenges: runsThisClub ? challenges : null,
    joinState,
    can: {
      leave: allowed("leave"),
      invite: allowed("invite"),
      manageRequests: canManageRequests,
      generateSecret: canGenerateSecret,
      removeBackground: allowed("remove_background") && club.backgroundUrl !== null,
      sync: allowed("sync_member_count"),
      removeClosed: allowed("remove_closed"),
      edit: allowed("edit"),
      chat,
    },
    staff: staff.map((entry) => ({ username: entry.member.username, role: entry.role })),
    recent: recent.map((entry) => ({ username: entry.member.username, joinedAt: entry.joinedAt.toISOString() })),
    requests: requests.map((entry) => ({ username: entry.member.username, requestedAt: entry.requestedAt.toISOString() })),
    invitationPath: secret ? generateLink("web_club_join", { url: club.url, secret }) : null,
  };
}

export default function ClubPage({ loaderData }: Route.ComponentProps) {
  const { club, joinState, can, staff, recent, requests, invitationPath, here, error } = loaderData;
  const intl = useIntl();
  const link = useLinks();
  const id = club.id;
  return (
    <section className="ks-page ks-club-page" aria-labelledby="page-title" data-club-id={id}>
      {club.backgroundUrl && <img className="ks-club-background" src={club.backgroundUrl} alt="" referrerPolicy="no-referrer" />}
      <PageHeader title={club.name}>
        <div className="ks-club-header">
          <ClubAvatar club={club} size={96} />
          <dl className="ks-facts ks-club-facts">
            <div>
              <dt>{intl.formatMessage({ id: "clubs.page.members" })}</dt>
              <dd>
                <a href={link("web_clubs_members", { url: club.url })} data-testid="club-member-count">
                  {intl.formatMessage({ id: "clubs.members_count" }, { count: club.memberCount })}
                </a>
              </dd>
            </div>
            <div>
              <dt>{intl.formatMessage({ id: "clubs.page.country" })}</dt>
              <dd>
                <CountryLabel code={club.countryCode} />
              </dd>
            </div>
            <div>
              <dt>{intl.formatMessage({ id: "clubs.page.created" })}</dt>
              <dd>
                <time dateTime={club.createdAt}>{intl.formatDate(club.createdAt, { dateStyle: "medium" })}</time>
              </dd>
            </div>
            <div>
              <dt>{intl.formatMessage({ id: "clubs.page.joining" })}</dt>
              <dd>
                <ClubJoinPolicyLabel policy={club.joinPolicy} />
              </dd>
            </div>
          </dl>
        </div>
      </PageHeader>
      <nav className="ks-club-sections ks-club-tabs" aria-label={intl.formatMessage({ id: "clubs.page.sections" }, { club: club.name })}>
        <a href={link("web_clubs_forum", { url: club.url })}>{intl.formatMessage({ id: "clubs.page.section.forum" })}</a>
        <a href={link("web_club_notes", { url: club.url })}>{intl.formatMessage({ id: "clubs.page.section.notes" })}</a>
        {can.chat && (
          <a href={link("web_club_chat", { url: club.url })} data-section="chat">
            {intl.formatMessage({ id: "clubs.page.section.chat" })}
          </a>
        )}
        <a href={link("web_clubs_events", { url: club.url })}>{intl.formatMessage({ id: "clubs.page.section.events" })}</a>
        <a href={link("web_clubs_members", { url: club.url })}>{intl.formatMessage({ id: "clubs.page.members" })}</a>
      </nav>
      <ClubFormError code={error} />

      <div className="ks-club-join" data-join-state={joinState}>
        {joinState === "sign_in" && (
          <a className="ks-button ks-button-primary" href={link("web_security_login_and_go", { redirectUrl: here })} data-account-modal="login">
            {intl.formatMessage({ id: "clubs.join.sign_in" })}
          </a>
        )}
        {joinState === "join" && <ClubActionForm action={`/callback/club/join/${id}`} back={here} label={intl.formatMessage({ id: "clubs.join.join" })} primary testId="club-join" />}
        {joinState === "request" && <ClubActionForm action={`/callback/club/request/${id}`} back={here} label={intl.formatMessage({ id: "clubs.join.request" })} primary testId="club-request" />}
        {joinState === "request_sent" && (
          <>
            <p role="status">{intl.formatMessage({ id: "clubs.join.request_sent" })}</p>
            <ClubActionForm action={`/callback/club/request/cancel/${id}`} back={here} label={intl.formatMessage({ id: "clubs.join.cancel_request" })} />
          </>
        )}
        {joinState === "invitation_only" && <p role="status">{intl.formatMessage({ id: "clubs.join.invitation_only" })}</p>}
        {(joinState === "member" || joinState === "owner") && <p role="status">{intl.formatMessage({ id: joinState === "owner" ? "clubs.join.you_own" : "clubs.join.you_are_member" })}</p>}
        {can.leave && <ClubActionForm action={`/callback/club/leave/${id}`} back={here} label={intl.formatMessage({ id: "clubs.join.leave" })} testId="club-leave" />}
        {can.edit && (
          <a className="ks-button" href={link("web_clubs_edit", { url: club.url })} data-testid="club-edit">
            {intl.formatMessage({ id: "clubs.page.edit" })}
          </a>
        )}
        {can.invite && (
          <a className="ks-button" href={link("web_clubs_members_invite", {}) + `?club=${encodeURIComponent(club.url)}`}>
            {intl.formatMessage({ id: "clubs.page.invite" })}
          </a>
        )}
      </div>

      {club.description && (
        <section className="ks-card ks-club-section" aria-labelledby="club-about">
          <h2 id="club-about">{intl.formatMessage({ id: "clubs.page.about" })}</h2>
          <p className="ks-club-description">{club.description}</p>
        </section>
      )}

      <section className="ks-card ks-club-section" aria-labelledby="club-admins">
        <h2 id="club-admins">{intl.formatMessage({ id: "clubs.page.admins" })}</h2>
        <ul className="ks-club-people" role="list">
          {staff.map((entry) => (
            <li key={entry.username}>
              <a href={link("web_member_profile", { username: entry.username.toLowerCase() })} data-username={entry.username}>
                {entry.username}
              </a>{" "}
              <span className="ks-club-role">{intl.formatMessage({ id: entry.role === "owner" ? "clubs.role.owner" : "clubs.role.admin" })}</span>
            </li>
          ))}
        </ul>
      </section>

      <section className="ks-card ks-club-section" aria-labelledby="club-recent">
        <h2 id="club-recent">{intl.formatMessage({ id: "clubs.page.recent_members" })}</h2>
        <ul className="ks-club-people" role="list">
          {recent.map((entry) => (
            <li key={entry.username}>
              <a href={link("web_member_profile", { username: entry.username.toLowerCase() })}>{entry.username}</a>
            </li>
          ))}
        </ul>
        <a className="ks-club-more" href={link("web_clubs_members", { url: club.url })}>{intl.formatMessage({ id: "clubs.page.all_members" })}</a>
      </section>

      {loaderData.challenges && (
        <section className="ks-card ks-club-section" aria-labelledby="club-challenges" data-summary="pending-challenges">
          <h2 id="club-challenges">{intl.formatMessage({ id: "clubs.page.pending_challenges" })}</h2>
          {loaderData.challenges.length === 0 ? (
            <p className="ks-muted">{intl.formatMessage({ id: "clubs.page.no_pending_challenges" })}</p>
          ) : (
            <ul className="ks-club-event-list" role="list">
              {loaderData.challenges.map((challenge) => (
                <li key={challenge.id} data-testid="club-challenge">
                  {intl.formatMessage({ id: challenge.incoming ? "clubs.page.challenge_incoming" : "clubs.page.challenge_outgoing" }, { club: challenge.otherClub.name, name: challenge.name })}{" "}
                  <RelativeTime date={challenge.startsAt} />
                </li>
              ))}
            </ul>
          )}
          <a className="ks-club-more" href={link("web_play_club_challenges", {})} data-testid="club-challenges-link">
            {intl.formatMessage({ id: "clubs.page.all_challenges" })}
          </a>
        </section>
      )}

      <section className="ks-card ks-club-section" aria-labelledby="club-events" data-summary="upcoming-events">
        <h2 id="club-events">{intl.formatMessage({ id: "clubs.page.upcoming_events" })}</h2>
        {loaderData.events.length === 0 ? (
          <p className="ks-muted">{intl.formatMessage({ id: "clubs.page.no_upcoming_events" })}</p>
        ) : (
          <ul className="ks-club-event-list" role="list">
            {loaderData.events.map((event) => (
              <li key={`${event.type}-${event.id}`}>
                {event.path ? <a href={event.path}>{event.name}</a> : event.name} {event.startsAt && <RelativeTime date={event.startsAt} />}
              </li>
            ))}
          </ul>
        )}
        <a className="ks-club-more" href={link("web_clubs_events", { url: club.url })}>{intl.formatMessage({ id: "clubs.page.all_events" })}</a>
      </section>
      <ClubForumSummary clubUrl={club.url} note={loaderData.note} topics={loaderData.topics} />

      {can.manageRequests && (
        <section className="ks-card ks-club-section" aria-labelledby="club-requests">
          <h2 id="club-requests">{intl.formatMessage({ id: "clubs.page.requests" })}</h2>
          {requests.length === 0 ? (
            <p className="ks-muted">{intl.formatMessage({ id: "clubs.page.no_requests" })}</p>
          ) : (
            <ul className="ks-club-requests" role="list">
              {requests.map((entry) => (
                <li key={entry.username} data-request={entry.username}>
                  <span>{entry.username}</span>
                  <ClubActionForm action={`/callback/club/group-request/manage/${id}/${entry.username}`} back={here} hidden={{ action: "approve" }} primary label={intl.formatMessage({ id: "clubs.page.approve" }, { username: entry.username })} testId={`approve-${entry.username}`} />
                  <ClubActionForm action={`/callback/club/group-request/manage/${id}/${entry.username}`} back={here} hidden={{ action: "deny" }} label={intl.formatMessage({ id: "clubs.page.deny" }, { username: entry.username })} />
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      {(can.generateSecret || can.sync || can.removeBackground || can.removeClosed) && (
        <section className="ks-card ks-club-section" aria-labelledby="club-tools">
          <h2 id="club-tools">{intl.formatMessage({ id: "clubs.page.tools" })}</h2>
          {can.generateSecret && (
            <div className="ks-club-invitation">
              {invitationPath ? (
                <p>
                  {intl.formatMessage({ id: "clubs.page.invitation_link" })}{" "}
                  <code data-testid="club-invitation-link">{invitationPath}</code>
                </p>
              ) : (
                <p>{intl.formatMessage({ id: "clubs.page.no_invitation_link" })}</p>
              )}
              <ClubActionForm action={`/callback/club/${id}/generate-invitation-secret`} back={here} label={intl.formatMessage({ id: invitationPath ? "clubs.page.regenerate_link" : "clubs.page.generate_link" })} testId="club-generate-link" />
            </div>
          )}
          {can.sync && <ClubActionForm action={`/callback/club/member/sync/${id}`} back={here} label={intl.formatMessage({ id: "clubs.page.sync" })} />}
          {can.removeClosed && <ClubActionForm action={`/callback/club/members/remove-closed/${id}`} back={here} label={intl.formatMessage({ id: "clubs.page.remove_closed" })} />}
          {can.removeBackground && <ClubActionForm action={`/callback/club/remove/custom_background/${id}`} back={here} label={intl.formatMessage({ id: "clubs.page.remove_background" })} />}
        </section>
      )}
    </section>
  );
}
