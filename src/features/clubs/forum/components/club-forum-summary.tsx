import { SanitisedHtmlBlock, type SanitisedHtml } from "../../../../ui/sanitised-html.tsx";
import { useIntl } from "../../../../platform/i18n/intl.tsx";
import { useLinks } from "../../../../platform/links/use-links.ts";
import { RelativeTime } from "../../../../ui/relative-time.tsx";
import "../club-forum.css";

/** What the club page's loader hands over from latestNote() and latestTopics() (club-page-summary.server.ts). */
export interface ClubForumSummaryProps {
  readonly clubUrl: string;
  readonly note: { readonly id: number; readonly author: string | null; readonly html: SanitisedHtml; readonly createdAt: Date | string } | null;
  readonly topics: readonly { readonly id: number; readonly title: string; readonly path: string; readonly replyCount: number; readonly lastPostAt: Date | string }[];
}

/**
 * The newest note and the latest forum topics, for the club page (/club/{url}):
 * each with a link to its full page. The note's HTML was rendered from
 * Markdown and sanitised by an allowlist when it was written.
 */
export function ClubForumSummary({ clubUrl, note, topics }: ClubForumSummaryProps) {
  const intl = useIntl();
  const link = useLinks();
  return (
    <>
      <section className="ks-card ks-club-summary" aria-labelledby="club-latest-note">
        <h2 id="club-latest-note">{intl.formatMessage({ id: "clubNotes.latest" })}</h2>
        {note ? (
          <>
            <p className="ks-club-post-meta">
              <span>{intl.formatMessage({ id: "clubNotes.by" }, { username: note.author ?? intl.formatMessage({ id: "clubForum.deleted_member" }) })}</span>
              <RelativeTime date={note.createdAt} />
            </p>
            <SanitisedHtmlBlock className="ks-club-post-body" html={note.html} />
          </>
        ) : (
          <p className="ks-club-forum-empty">{intl.formatMessage({ id: "clubNotes.empty" })}</p>
        )}
        <p>
          <a href={link("web_club_notes", { url: clubUrl })}>{intl.formatMessage({ id: "clubForum.notes_link" })}</a>
        </p>
      </section>
      <section className="ks-card ks-club-summary" aria-labelledby="club-latest-topics">
        <h2 id="club-latest-topics">{intl.formatMessage({ id: "clubForum.topics" })}</h2>
        {topics.length === 0 ? (
          <p className="ks-club-forum-empty">{intl.formatMessage({ id: "clubForum.empty" })}</p>
        ) : (
          <ul className="ks-club-summary-topics" role="list">
            {topics.map((topic) => (
              <li key={topic.id}>
                <a href={link("web_clubs_forum_view", { url: topic.path })}>{topic.title}</a>{" "}
                <span className="ks-club-topic-meta">
                  {intl.formatMessage({ id: "clubForum.replies" }, { count: topic.replyCount })} · <RelativeTime date={topic.lastPostAt} />
                </span>
              </li>
            ))}
          </ul>
        )}
        <p>
          <a href={link("web_clubs_forum", { url: clubUrl })}>{intl.formatMessage({ id: "clubForum.forum_link" })}</a>
        </p>
      </section>
    </>
  );
}
