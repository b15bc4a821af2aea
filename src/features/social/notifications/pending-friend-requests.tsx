import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import { RelativeTime } from "../../../ui/relative-time.tsx";
import type { PendingFriendRequest } from "../social.service.server.ts";
import { useMemberRowCall } from "../use-member-row-call.ts";

type RequestAnswer = "accept" | "decline" | "cancel";

const answerCalls: Readonly<Record<RequestAnswer, { method: "PUT" | "DELETE" | "POST"; path: (username: string) => string; labelId: string; doneId: string }>> = {
  accept: { method: "PUT", path: (username) => `/callback/friend/${encodeURIComponent(username)}/accept`, labelId: "social.notification.accept", doneId: "social.notification.accepted_done" },
  decline: { method: "DELETE", path: (username) => `/callback/friend/${encodeURIComponent(username)}/decline/request`, labelId: "social.notification.decline", doneId: "social.notification.declined_done" },
  cancel: { method: "POST", path: (username) => `/callback/friend/${encodeURIComponent(username)}/cancel/request`, labelId: "social.pending_requests.cancel", doneId: "social.pending_requests.cancelled_done" },
};

/**
 * The member's own pending friend requests on their profile: those received
 * (Accept, Decline) and those sent (Cancel). `onChanged` reloads the page's
 * data (the friend count, the lists).
 */
export function PendingFriendRequests({ incoming, outgoing, onChanged }: { incoming: readonly PendingFriendRequest[]; outgoing: readonly PendingFriendRequest[]; onChanged: () => void }) {
  const intl = useIntl();
  return (
    <section className="ks-card ks-profile-section ks-pending-requests" aria-labelledby="profile-friend-requests">
      <h2 id="profile-friend-requests">{intl.formatMessage({ id: "social.pending_requests.title" })}</h2>
      <RequestList titleId="social.pending_requests.incoming" emptyId="social.pending_requests.none_incoming" requests={incoming} answers={["accept", "decline"]} onChanged={onChanged} />
      <RequestList titleId="social.pending_requests.outgoing" emptyId="social.pending_requests.none_outgoing" requests={outgoing} answers={["cancel"]} onChanged={onChanged} />
    </section>
  );
}

function RequestList({ titleId, emptyId, requests, answers, onChanged }: { titleId: string; emptyId: string; requests: readonly PendingFriendRequest[]; answers: readonly RequestAnswer[]; onChanged: () => void }) {
  const intl = useIntl();
  const headingId = `pending-${titleId.split(".").pop() ?? "list"}`;
  return (
    <div className="ks-pending-requests-group">
      <h3 id={headingId}>
        {intl.formatMessage({ id: titleId })} <span className="ks-profile-count">{intl.formatNumber(requests.length)}</span>
      </h3>
      {requests.length === 0 ? (
        <p className="ks-pending-requests-empty">{intl.formatMessage({ id: emptyId })}</p>
      ) : (
        <ul className="ks-pending-requests-list" role="list" aria-labelledby={headingId}>
          {requests.map((request) => (
            <RequestRow key={request.username} request={request} answers={answers} onChanged={onChanged} />
          ))}
        </ul>
      )}
    </div>
  );
}

function RequestRow({ request, answers, onChanged }: { request: PendingFriendRequest; answers: readonly RequestAnswer[]; onChanged: () => void }) {
  const intl = useIntl();
  const link = useLinks();
  const { busy, done, run } = useMemberRowCall<RequestAnswer>(onChanged);
  const handleAnswer = (answer: RequestAnswer) => run(answerCalls[answer].method, answerCalls[answer].path(request.username), answer);

  return (
    <li className="ks-pending-request" data-username={request.username}>
      <span className="ks-pending-request-who">
        <a href={link("web_member_profile", { username: request.username })}>{request.username}</a>
        <RelativeTime className="ks-pending-request-time" date={request.createdAt} />
      </span>
      {done ? (
        <span role="status" className="ks-notification-done">{intl.formatMessage({ id: answerCalls[done].doneId })}</span>
      ) : (
        <span className="ks-pending-request-actions">
          {answers.map((answer) => (
            <button key={answer} type="button" className={`ks-button ks-notification-button${answer === "accept" ? " ks-button-primary" : ""}`} disabled={busy} onClick={() => void handleAnswer(answer)} aria-label={`${intl.formatMessage({ id: answerCalls[answer].labelId })}: ${request.username}`}>
              {intl.formatMessage({ id: answerCalls[answer].labelId })}
            </button>
          ))}
        </span>
      )}
    </li>
  );
}
