/**
 * First steps (issue 22 item 2): after registering, and for as long as a
 * member has not taken them, a first game, a club to join, people to follow
 * and an avatar; for a guest, a first game suited to their skill level.
 */
import { useState, type ReactNode } from "react";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import { useHttpClient } from "../../../platform/http/http-client-context.tsx";
import type { HomeClubSuggestion } from "../home-sources.port.ts";
import type { FirstSteps } from "../member-home.service.server.ts";
import { quickPairings } from "./home-panels.tsx";
import { MemberLink } from "../../social/card/member-link.tsx";

function Step({ done, title, text, children }: { done: boolean; title: string; text: string; children?: ReactNode }) {
  const intl = useIntl();
  return (
    <li className={done ? "ks-first-step ks-first-step-done" : "ks-first-step"} data-step-done={done ? "true" : "false"}>
      <h3>
        <span className="ks-first-step-mark" aria-hidden="true">{done ? "✓" : "○"}</span> {title}
        {done && <span className="ks-visually-hidden"> ({intl.formatMessage({ id: "member_home.next.done" })})</span>}
      </h3>
      <p className="ks-muted">{text}</p>
      {!done && children}
    </li>
  );
}

function FollowButton({ username }: { username: string }) {
  const intl = useIntl();
  const client = useHttpClient();
  const [followed, setFollowed] = useState(false);
  const [busy, setBusy] = useState(false);
  async function handleFollow() {
    setBusy(true);
    try {
      await client.post(`/callback/member/${encodeURIComponent(username)}/track`, {});
      setFollowed(true);
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" className="ks-button ks-button-small" disabled={busy || followed} aria-pressed={followed} onClick={() => void handleFollow()}>
      {followed ? intl.formatMessage({ id: "member_home.next.following" }) : intl.formatMessage({ id: "member_home.next.follow_button" }, { username })}
    </button>
  );
}

export function FirstStepsCard({ username, welcome, steps, followSuggestions, clubSuggestions }: { username: string; welcome: boolean; steps: FirstSteps; followSuggestions: readonly string[]; clubSuggestions: readonly HomeClubSuggestion[] }) {
  const intl = useIntl();
  const link = useLinks();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return (
    <section className="ks-card ks-first-steps" aria-labelledby="first-steps" data-first-steps="">
      <h2 id="first-steps">{welcome ? t("member_home.welcome.title", { username }) : t("member_home.next.title")}</h2>
      <p>{welcome ? t("member_home.welcome.lead") : t("member_home.next.lead")}</p>
      <ol className="ks-first-steps-list" role="list">
        <Step done={steps.playedAGame} title={t("member_home.next.play")} text={t("member_home.next.play_text")}>
          <div className="ks-home-quick">
            {quickPairings.slice(0, 3).map((control) => (
              <a key={control} className="ks-button ks-button-small" href={link("web_play_new", { control })}>
                {t("member_home.quick.label", { control })}
              </a>
            ))}
          </div>
        </Step>
        <Step done={steps.joinedAClub} title={t("member_home.next.club")} text={t("member_home.next.club_text")}>
          <ul className="ks-home-list" role="list">
            {clubSuggestions.map((club) => (
              <li key={club.url}>
                <a href={link("web_club", { url: club.url })}>{club.name}</a> <span className="ks-muted">{t("member_home.next.members", { count: club.memberCount })}</span>
              </li>
            ))}
          </ul>
          <a href={link("web_clubs")}>{t("member_home.next.find_clubs")}</a>
        </Step>
        <Step done={steps.followsSomeone} title={t("member_home.next.follow")} text={t("member_home.next.follow_text")}>
          <ul className="ks-home-list" role="list">
            {followSuggestions.map((name) => (
              <li key={name}>
                <MemberLink username={name} /> <FollowButton username={name} />
              </li>
            ))}
          </ul>
        </Step>
        <Step done={steps.hasAvatar} title={t("member_home.next.avatar")} text={t("member_home.next.avatar_text")}>
          <a href={link("web_user_settings")}>{t("member_home.next.avatar_link")}</a>
        </Step>
      </ol>
      <p>
        <a href={link("web_help")}>{t("member_home.next.help")}</a>
      </p>
    </section>
  );
}

/** A guest's skill level (POST /guest/update-skill-level) and the first game it suggests. */
const guestLevels = [
  { id: "member_home.guest.level.new", skill: 400, control: "10+0" },
  { id: "member_home.guest.level.beginner", skill: 800, control: "10+0" },
  { id: "member_home.guest.level.intermediate", skill: 1200, control: "5+0" },
  { id: "member_home.guest.level.advanced", skill: 1700, control: "3+2" },
] as const;

export function GuestFirstSteps({ username }: { username: string }) {
  const intl = useIntl();
  const link = useLinks();
  const client = useHttpClient();
  const [chosen, setChosen] = useState<(typeof guestLevels)[number] | null>(null);
  const [failed, setFailed] = useState(false);
  async function handleChoose(level: (typeof guestLevels)[number]) {
    try {
      await client.post("/guest/update-skill-level", { skill_level: level.skill });
      setFailed(false);
      setChosen(level);
    } catch {
      setFailed(true);
    }
  }
  return (
    <section className="ks-card ks-first-steps" aria-labelledby="first-steps" data-first-steps="guest">
      <h2 id="first-steps">{intl.formatMessage({ id: "member_home.guest.title" }, { username })}</h2>
      <p>{intl.formatMessage({ id: "member_home.guest.lead" })}</p>
      <div role="group" aria-label={intl.formatMessage({ id: "member_home.guest.skill" })} className="ks-home-quick">
        {guestLevels.map((level) => (
          <button key={level.id} type="button" className="ks-button" aria-pressed={chosen?.id === level.id} onClick={() => void handleChoose(level)}>
            {intl.formatMessage({ id: level.id })}
          </button>
        ))}
      </div>
      {failed && <p className="ks-form-error" role="alert">{intl.formatMessage({ id: "member_home.guest.saved_error" })}</p>}
      {chosen && (
        <p role="status">
          {intl.formatMessage({ id: "member_home.guest.suggested" })}{" "}
          <a className="ks-button ks-button-primary" href={link("web_play_new", { control: chosen.control })}>
            {intl.formatMessage({ id: "member_home.quick.label" }, { control: chosen.control })}
          </a>
        </p>
      )}
      <p>
        <a href={link("web_security_register")}>{intl.formatMessage({ id: "member_home.guest.sign_up" })}</a> · <a href={link("web_help")}>{intl.formatMessage({ id: "member_home.next.help" })}</a>
      </p>
    </section>
  );
}
