import { ClubTextForm } from "../components/club-text-form.tsx";
import { SanitisedHtmlBlock } from "../../../../ui/sanitised-html.tsx";
import { useIntl } from "../../../../platform/i18n/intl.tsx";
import { data, redirect } from "react-router";
import { generateLink } from "../../../../platform/links/links.ts";
import { useLinks } from "../../../../platform/links/use-links.ts";
import { PageHeader } from "../../../../platform/pages/page-header.tsx";
import { requirePage } from "../../../../platform/pages/page-loader.server.ts";
import { FormSecurityFields } from "../../../../platform/security/form-security-fields.tsx";
import { Pagination } from "../../../../ui/pagination.tsx";
import { RelativeTime } from "../../../../ui/relative-time.tsx";
import { POST_BODY_MAX, TOPIC_TITLE_MAX, TOPIC_TITLE_MIN, parseTopicPath, topicPath } from "../club-forum.constants.ts";
import { clubForumAllows } from "../club-forum.policy.ts";
import { clubViewerOfPage, forumErrorOf, pageNumberOf } from "../club-page-viewer.server.ts";
import { DeleteCommentForm } from "../components/delete-comment-form.tsx";
import type { Route } from "./+types/club-topic-page";
import "../club-forum.css";

/**
 * /clubs/forum/view/{club url}/{topic id}-{slug} (decision 0032): a topic and
 * its posts, a page at a time. The reply form, the author's Edit (within the
 * window, ?edit={post id} opens it in place), Delete, and the moderators' pin,
 * lock and delete are offered exactly when the forum policy allows them; the
 * routes ask it again.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = requirePage(request);
  const named = parseTopicPath(page.params.url ?? "");
  if (!named) throw data(null, { status: 404 });
  const club = await context.services.clubAccess.findClub(named.club);
  const topic = club ? await context.services.clubForum.topicRef(named.topicId) : null;
  if (!club || !topic || topic.clubId !== club.id) throw data(null, { status: 404 });
  const canonical = topicPath(club.url, topic.id, topic.title);
  const url = new URL(request.url);
  // One address per topic: an old slug (the title changed) or the club's id leads to the current one.
  if (canonical !== page.params.url) throw redirect(generateLink("web_clubs_forum_view", { url: canonical }, { locale: page.pathLocale }) + url.search, 301);
  const viewer = clubViewerOfPage(context.viewer);
  const standing = await context.services.clubAccess.standingOf(club.id, viewer?.id ?? null);
  const posts = await context.services.clubForum.posts(topic, viewer?.id ?? null, pageNumberOf(request));
  const now = new Date();
  const editing = Number(url.searchParams.get("edit") ?? "0");
  const here = generateLink("web_clubs_forum_view", posts.page > 1 ? { url: canonical, page: posts.page } : { url: canonical });
  return {
    club: { id: club.id, url: club.url, name: club.name },
    topic: { id: topic.id, title: topic.title, pinned: topic.pinned, locked: topic.locked, path: canonical },
    page: posts.page,
    totalPages: posts.totalPages,
    posts: posts.posts.map((post) => {
      const facts = { authorId: post.authorId, postedAt: post.createdAt, opening: post.opening, topicLocked: topic.locked };
      const canEdit = clubForumAllows(viewer, { kind: "edit_post", post: facts, now }, standing);
      return {
        id: post.id,
        author: post.author,
        opening: post.opening,
        html: post.html,
        createdAt: post.createdAt,
        editedAt: post.editedAt,
        canEdit,
        canDelete: clubForumAllows(viewer, { kind: "delete_post", post: facts, now }, standing),
        // The text to edit is sent only for the post being edited.
        editSource: canEdit && editing === post.id ? post.source : null,
      };
    }),
    canReply: clubForumAllows(viewer, { kind: "reply", topicLocked: topic.locked }, standing),
    canModerate: clubForumAllows(viewer, { kind: "pin_topic" }, standing),
    signedIn: viewer !== null,
    member: standing.member,
    error: forumErrorOf(request),
    here,
  };
}

export default function ClubTopicPage({ loaderData }: Route.ComponentProps) {
  const { club, topic, posts, page, totalPages, canReply, canModerate, signedIn, member, error, here } = loaderData;
  const intl = useIntl();
  const link = useLinks();
  const former = intl.formatMessage({ id: "clubForum.deleted_member" });
  return (
    <section className="ks-page ks-club-forum" aria-labelledby="page-title">
      <PageHeader title={topic.title}>
        <nav className="ks-club-forum-nav" aria-label={club.name}>
          <a href={link("web_clubs_forum", { url: club.url })}>{intl.formatMessage({ id: "clubForum.title" }, { club: club.name })}</a>
          <a href={link("web_club", { url: club.url })}>{intl.formatMessage({ id: "clubForum.back_to_club" }, { club: club.name })}</a>
        </nav>
        <p className="ks-club-topic-flags">
          {topic.pinned && <span className="ks-club-badge">{intl.formatMessage({ id: "clubForum.pinned" })}</span>}
          {topic.locked && <span className="ks-club-badge">{intl.formatMessage({ id: "clubForum.locked" })}</span>}
        </p>
      </PageHeader>
      {error && (
        <p className="ks-form-error" role="alert">
          {intl.formatMessage({ id: `clubForum.error.${error}` })}
        </p>
      )}
      {canModerate && (
        <div className="ks-club-forum-moderation" role="group" aria-label={intl.formatMessage({ id: "clubForum.moderation" })}>
          <TopicFlagForm action={`/callback/clubs/forum/topic/${topic.id}/pin`} value={!topic.pinned} here={here} labelId={topic.pinned ? "clubForum.unpin" : "clubForum.pin"} />
          <TopicFlagForm action={`/callback/clubs/forum/topic/${topic.id}/lock`} value={!topic.locked} here={here} labelId={topic.locked ? "clubForum.unlock" : "clubForum.lock"} />
          <form method="post" action={`/callback/clubs/forum/topic/${topic.id}/delete`}>
            <FormSecurityFields />
            <input type="hidden" name="redirectUrl" value={here} />
            <button type="submit" className="ks-button ks-button-danger">
              {intl.formatMessage({ id: "clubForum.delete_topic" })}
            </button>
          </form>
        </div>
      )}
      <h2 className="ks-visually-hidden">{intl.formatMessage({ id: "clubForum.posts" })}</h2>
      <ol className="ks-club-post-list" role="list">
        {posts.map((post) => (
          <li key={post.id} id={`post-${post.id}`} className="ks-card ks-club-post" data-post-id={post.id}>
            <p className="ks-club-post-meta">
              {post.author ? <a href={link("web_member_profile", { username: post.author })}>{post.author}</a> : <span>{former}</span>}
              <RelativeTime date={post.createdAt} />
              {post.editedAt && <span className="ks-club-post-edited">({intl.formatMessage({ id: "clubForum.edited" })})</span>}
            </p>
            {post.editSource !== null ? (
              <form method="post" action={`/callback/clubs/forum/post/${post.id}/edit`} className="ks-form" aria-label={intl.formatMessage({ id: "clubForum.edit_post_label" })}>
                <FormSecurityFields />
                <input type="hidden" name="redirectUrl" value={here} />
                {post.opening && (
                  <label className="ks-field">
                    {intl.formatMessage({ id: "clubForum.topic_title" })}
                    <input name="title" required minLength={TOPIC_TITLE_MIN} maxLength={TOPIC_TITLE_MAX} defaultValue={topic.title} />
                  </label>
                )}
                <label className="ks-field">
                  {intl.formatMessage({ id: "clubForum.topic_body" })}
                  <textarea name="body" required maxLength={POST_BODY_MAX} rows={6} defaultValue={post.editSource} />
                </label>
                <div className="ks-actions">
                  <button type="submit" className="ks-button ks-button-primary">
                    {intl.formatMessage({ id: "clubForum.save" })}
                  </button>
                  <a className="ks-button ks-button-quiet" href={`${here}#post-${post.id}`}>
                    {intl.formatMessage({ id: "clubForum.cancel" })}
                  </a>
                </div>
              </form>
            ) : (
              // Rendered from the member's Markdown on the server and sanitised by an allowlist (club-markdown.server.ts).
              <SanitisedHtmlBlock className="ks-club-post-body" html={post.html} />
            )}
            {(post.canEdit || post.canDelete) && post.editSource === null && (
              <div className="ks-club-post-actions">
                {post.canEdit && (
                  <a className="ks-button ks-button-quiet" href={`${here}${here.includes("?") ? "&" : "?"}edit=${post.id}#post-${post.id}`}>
                    {intl.formatMessage({ id: "clubForum.edit" })}
                  </a>
                )}
                {post.canDelete && <DeleteCommentForm postId={post.id} here={here} label={intl.formatMessage({ id: "clubForum.delete_post_label" }, { username: post.author ?? former })} />}
              </div>
            )}
          </li>
        ))}
      </ol>
      <Pagination currentPage={page} totalPages={totalPages} hrefForPage={(pageNumber) => link("web_clubs_forum_view", pageNumber > 1 ? { url: topic.path, page: pageNumber } : { url: topic.path })} label={intl.formatMessage({ id: "clubForum.post_pages" })} />
      {topic.locked && <p className="ks-club-forum-notice">{intl.formatMessage({ id: "clubForum.topic_locked_notice" })}</p>}
      {canReply ? (
        <ClubTextForm
          action={`/callback/clubs/forum/topic/${topic.id}/reply`}
          here={here}
          headingId="club-forum-reply"
          heading={intl.formatMessage({ id: "clubForum.reply" })}
          field="body"
          label={intl.formatMessage({ id: "clubForum.topic_body" })}
          maxLength={POST_BODY_MAX}
          rows={5}
          submit={intl.formatMessage({ id: "clubForum.submit_reply" })}
        />
      ) : (
        !topic.locked && !member && <p className="ks-club-forum-notice">{intl.formatMessage({ id: signedIn ? "clubForum.members_only" : "clubForum.sign_in_to_post" })}</p>
      )}
    </section>
  );
}

function TopicFlagForm({ action, value, here, labelId }: { action: string; value: boolean; here: string; labelId: string }) {
  const intl = useIntl();
  return (
    <form method="post" action={action}>
      <FormSecurityFields />
      <input type="hidden" name="redirectUrl" value={here} />
      <input type="hidden" name="value" value={value ? "1" : "0"} />
      <button type="submit" className="ks-button">
        {intl.formatMessage({ id: labelId })}
      </button>
    </form>
  );
}
