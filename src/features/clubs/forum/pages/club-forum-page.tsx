import { ClubTextForm } from "../components/club-text-form.tsx";
import { useIntl } from "../../../../platform/i18n/intl.tsx";
import { data } from "react-router";
import { generateLink } from "../../../../platform/links/links.ts";
import { useLinks } from "../../../../platform/links/use-links.ts";
import { requirePage } from "../../../../platform/pages/page-loader.server.ts";
import { Pagination } from "../../../../ui/pagination.tsx";
import { RelativeTime } from "../../../../ui/relative-time.tsx";
import { POST_BODY_MAX, TOPIC_TITLE_MAX, TOPIC_TITLE_MIN } from "../club-forum.constants.ts";
import { clubForumAllows } from "../club-forum.policy.ts";
import { clubViewerOfPage, forumErrorOf, pageNumberOf } from "../club-page-viewer.server.ts";
import { ClubSectionHeader } from "../components/club-section-header.tsx";
import type { Route } from "./+types/club-forum-page";
import "../club-forum.css";

/**
 * /clubs/forum/{url}: the club's topics, pinned first, then by last reply, a
 * page at a time, with a "New" marker on topics a member of the club has not
 * read to the end; members start topics from the form below the list.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = requirePage(request);
  const club = await context.services.clubAccess.findClub(page.params.url ?? "");
  if (!club) throw data(null, { status: 404 });
  const viewer = clubViewerOfPage(context.viewer);
  const standing = await context.services.clubAccess.standingOf(club.id, viewer?.id ?? null);
  const list = await context.services.clubForum.listTopics(club.id, viewer?.id ?? null, pageNumberOf(request));
  return {
    club: { id: club.id, url: club.url, name: club.name },
    list,
    canStart: clubForumAllows(viewer, { kind: "start_topic" }, standing),
    signedIn: viewer !== null,
    error: forumErrorOf(request),
    here: generateLink("web_clubs_forum", { url: club.url }),
  };
}

export default function ClubForumPage({ loaderData }: Route.ComponentProps) {
  const { club, list, canStart, signedIn, error, here } = loaderData;
  const intl = useIntl();
  const link = useLinks();
  return (
    <section className="ks-page ks-club-forum" aria-labelledby="page-title">
      <ClubSectionHeader title={intl.formatMessage({ id: "clubForum.title" }, { club: club.name })} club={club} across="notes" error={error} />
      <h2 className="ks-visually-hidden">{intl.formatMessage({ id: "clubForum.topics" })}</h2>
      {list.topics.length === 0 ? (
        <p className="ks-club-forum-empty">{intl.formatMessage({ id: "clubForum.empty" })}</p>
      ) : (
        <ul className="ks-club-topic-list" role="list">
          {list.topics.map((topic) => (
            <li key={topic.id} className={`ks-card ks-club-topic${topic.unread ? " ks-club-topic-unread" : ""}`} data-topic-id={topic.id}>
              <p className="ks-club-topic-title">
                {topic.pinned && <span className="ks-club-badge">{intl.formatMessage({ id: "clubForum.pinned" })}</span>}
                {topic.locked && <span className="ks-club-badge">{intl.formatMessage({ id: "clubForum.locked" })}</span>}
                {topic.unread && <span className="ks-club-badge ks-club-badge-new">{intl.formatMessage({ id: "clubForum.unread" })}</span>}
                <a href={link("web_clubs_forum_view", { url: topic.path })}>{topic.title}</a>
              </p>
              <p className="ks-club-topic-meta">
                <span>{intl.formatMessage({ id: "clubForum.started_by" }, { username: topic.author ?? intl.formatMessage({ id: "clubForum.deleted_member" }) })}</span>
                <span>{intl.formatMessage({ id: "clubForum.replies" }, { count: topic.replyCount })}</span>
                <span>
                  {intl.formatMessage({ id: "clubForum.last_post_by" }, { username: topic.lastPoster ?? intl.formatMessage({ id: "clubForum.deleted_member" }) })} <RelativeTime date={topic.lastPostAt} />
                </span>
              </p>
            </li>
          ))}
        </ul>
      )}
      <Pagination currentPage={list.page} totalPages={list.totalPages} hrefForPage={(pageNumber) => link("web_clubs_forum", pageNumber > 1 ? { url: club.url, page: pageNumber } : { url: club.url })} label={intl.formatMessage({ id: "clubForum.pages" })} />
      {canStart ? (
        <ClubTextForm
          action={`/callback/clubs/forum/${club.id}/topic`}
          here={here}
          headingId="club-forum-new-topic"
          heading={intl.formatMessage({ id: "clubForum.new_topic" })}
          field="body"
          label={intl.formatMessage({ id: "clubForum.topic_body" })}
          maxLength={POST_BODY_MAX}
          rows={6}
          submit={intl.formatMessage({ id: "clubForum.submit_topic" })}
        >
          <label className="ks-field">
            {intl.formatMessage({ id: "clubForum.topic_title" })}
            <input name="title" required minLength={TOPIC_TITLE_MIN} maxLength={TOPIC_TITLE_MAX} autoComplete="off" />
          </label>
        </ClubTextForm>
      ) : (
        <p className="ks-club-forum-notice">{intl.formatMessage({ id: signedIn ? "clubForum.members_only" : "clubForum.sign_in_to_post" })}</p>
      )}
    </section>
  );
}
