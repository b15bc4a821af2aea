import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import { RelativeTime } from "../../../ui/relative-time.tsx";
import type { QuietedMember } from "../social.service.server.ts";
import { useMemberRowCall } from "../use-member-row-call.ts";

type Undo = "unblock" | "unmute";

const undoCalls: Readonly<Record<Undo, { path: (username: string) => string; labelId: string; doneId: string }>> = {
  unblock: { path: (username) => `/callback/member/${encodeURIComponent(username)}/unblock`, labelId: "social.quieted.unblock", doneId: "social.quieted.unblocked" },
  unmute: { path: (username) => `/callback/member/${encodeURIComponent(username)}/unmute-account`, labelId: "social.quieted.unmute", doneId: "social.quieted.unmuted" },
};

/**
 * The members the viewer blocked and muted, each with Unblock or Unmute
 * (the card's own calls, POST /callback/member/{username}/unblock and
 * /unmute-account), for /settings. `onChanged` reloads the page's data.
 */
export function QuietedMembers({ blocked, muted, onChanged }: { blocked: readonly QuietedMember[]; muted: readonly QuietedMember[]; onChanged: () => void }) {
  return (
    <>
      <QuietedList kind="blocked" members={blocked} undo="unblock" onChanged={onChanged} />
      <QuietedList kind="muted" members={muted} undo="unmute" onChanged={onChanged} />
    </>
  );
}

function QuietedList({ kind, members, undo, onChanged }: { kind: "blocked" | "muted"; members: readonly QuietedMember[]; undo: Undo; onChanged: () => void }) {
  const intl = useIntl();
  const headingId = `quieted-${kind}`;
  return (
    <div className="ks-settings-block">
      <h3 id={headingId} className="ks-settings-subtitle">
        {intl.formatMessage({ id: `social.quieted.${kind}` })} <span className="ks-profile-count">{intl.formatNumber(members.length)}</span>
      </h3>
      {members.length === 0 ? (
        <p className="ks-muted">{intl.formatMessage({ id: `social.quieted.none_${kind}` })}</p>
      ) : (
        <ul className="ks-quieted-list" role="list" aria-labelledby={headingId}>
          {members.map((member) => (
            <QuietedRow key={member.username} member={member} undo={undo} onChanged={onChanged} />
          ))}
        </ul>
      )}
    </div>
  );
}

function QuietedRow({ member, undo, onChanged }: { member: QuietedMember; undo: Undo; onChanged: () => void }) {
  const intl = useIntl();
  const link = useLinks();
  const { busy, done, run } = useMemberRowCall<Undo>(onChanged);
  const call = undoCalls[undo];
  const handleUndo = () => run("POST", call.path(member.username), undo);

  return (
    <li className="ks-quieted-member" data-username={member.username}>
      <span className="ks-quieted-who">
        <a href={link("web_member_profile", { username: member.username })}>{member.username}</a>
        <RelativeTime className="ks-muted" date={member.createdAt} />
      </span>
      {done ? (
        <span role="status" className="ks-notification-done">{intl.formatMessage({ id: call.doneId })}</span>
      ) : (
        <button type="button" className="ks-button" disabled={busy} onClick={() => void handleUndo()} aria-label={intl.formatMessage({ id: `${call.labelId}_label` }, { username: member.username })}>
          {intl.formatMessage({ id: call.labelId })}
        </button>
      )}
    </li>
  );
}
