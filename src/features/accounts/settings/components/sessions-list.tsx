import { useIntl } from "../../../../platform/i18n/intl.tsx";
import { RelativeTime } from "../../../../ui/relative-time.tsx";
import { FormSecurityFields } from "../../components/csrf-field.tsx";
import type { SessionView } from "../settings.schema.ts";

function useDeviceName(): (session: SessionView) => string {
  const intl = useIntl();
  return ({ device }) => {
    if (device.browser && device.os) return intl.formatMessage({ id: "account_settings.sessions.device" }, { browser: device.browser, os: device.os });
    return device.browser ?? device.os ?? intl.formatMessage({ id: "account_settings.sessions.unknown_device" });
  };
}

/** The member's active sessions, newest use first, each with a Revoke button (this device excepted). */
export function SessionsList({ sessions }: { sessions: readonly SessionView[] }) {
  const intl = useIntl();
  const deviceName = useDeviceName();
  const others = sessions.filter((session) => !session.current).length;
  return (
    <>
      <ul className="ks-session-list" role="list">
        {sessions.map((session) => {
          const name = deviceName(session);
          return (
            <li key={session.id} className="ks-session" data-current={session.current ? "true" : undefined}>
              <div className="ks-session-main">
                <p className="ks-session-device">
                  <strong>{name}</strong>
                  {session.current && <span className="ks-status-pill ks-status-pill-on">{intl.formatMessage({ id: "account_settings.sessions.this_device" })}</span>}
                </p>
                <p className="ks-session-facts ks-muted">
                  <span>
                    {intl.formatMessage({ id: "account_settings.sessions.ip" })} {session.ip ?? intl.formatMessage({ id: "account_settings.sessions.unknown_ip" })}
                  </span>
                  <span>
                    {intl.formatMessage({ id: "account_settings.sessions.last_seen" })} <RelativeTime date={session.lastSeenAt} />
                  </span>
                  <span>
                    {intl.formatMessage({ id: "account_settings.sessions.signed_in" })} <RelativeTime date={session.createdAt} />
                  </span>
                </p>
              </div>
              {!session.current && (
                <form method="post" action="/settings/sessions/revoke" className="ks-inline-form">
                  <FormSecurityFields />
                  <input type="hidden" name="session" value={session.id} />
                  <button type="submit" className="ks-button" aria-label={intl.formatMessage({ id: "account_settings.sessions.revoke_label" }, { device: name })}>
                    {intl.formatMessage({ id: "account_settings.sessions.revoke" })}
                  </button>
                </form>
              )}
            </li>
          );
        })}
      </ul>
      {others > 0 && (
        <form method="post" action="/settings/sessions/revoke-others" className="ks-inline-form">
          <FormSecurityFields />
          <button type="submit" className="ks-button">{intl.formatMessage({ id: "account_settings.sessions.revoke_others" })}</button>
        </form>
      )}
    </>
  );
}
