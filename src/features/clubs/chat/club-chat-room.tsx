import { FlairBesideName } from "../../accounts/flair/flair-image.tsx";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { pageSocketClient } from "../../../platform/realtime/page-socket.ts";
import type { SocketClient } from "../../../platform/realtime/socket-client.ts";
import { eventPayload } from "../../../platform/realtime/protocol.ts";
import { clubChatLineEvent, clubChatModerationEvent, clubChatPersonalNoticeEvent, clubChatPresenceEvent, clubChatRoom } from "./club-chat.events.ts";
import {
  CLUB_CHAT_HEARTBEAT_MS,
  CLUB_CHAT_MAX_CHARACTERS,
  clubChatModerationTypes,
  type ClubChatHistory,
  type ClubChatLine,
  type ClubChatModerationType,
  type ClubChatPresence,
  type ClubChatPresentMember,
  type ClubChatViewerState,
} from "./club-chat.schema.ts";
import { mergeChatLines } from "../../chat/chat-lines.ts";
import { chatLength, cleanChatText } from "../../chat/chat-text.ts";
import "./club-chat.css";

export interface ClubChatRoomProps {
  readonly clubId: number;
  readonly viewerId: number;
  /** The server-rendered first page (the socket refetches it once the room is confirmed). */
  readonly initial: ClubChatHistory;
  /** The page's socket by default (tests pass a fake). */
  readonly socket?: Pick<SocketClient, "command" | "subscribe">;
}

/** Message ids of the refusals, literal so the page's message collector finds them. */
const refusalMessages: Readonly<Record<string, string>> = {
  not_a_member: "clubChat.error.not_a_member",
  removed_from_chat: "clubChat.error.removed_from_chat",
  muted: "clubChat.error.muted",
  empty: "clubChat.error.empty",
  too_long: "clubChat.error.too_long",
  flooding: "clubChat.error.flooding",
  rate_limited: "clubChat.error.flooding",
  not_allowed: "clubChat.error.not_allowed",
  not_a_target: "clubChat.error.not_a_target",
  no_change: "clubChat.error.no_change",
};

const moderationLabels: Readonly<Record<ClubChatModerationType, string>> = {
  warn: "clubChat.moderation.type.warn",
  mute: "clubChat.moderation.type.mute",
  unmute: "clubChat.moderation.type.unmute",
  remove: "clubChat.moderation.type.remove",
  readmit: "clubChat.moderation.type.readmit",
};

const noticeMessages: Readonly<Record<ClubChatModerationType, string>> = {
  warn: "clubChat.notice.warn",
  mute: "clubChat.notice.mute",
  unmute: "clubChat.notice.unmute",
  remove: "clubChat.notice.remove",
  readmit: "clubChat.notice.readmit",
};

/**
 * A club's chat room (issue 11 item 6): the log (older pages on request),
 * who is here, the line form with its counter, and for moderators the action
 * of spec 001 §7.6. Live lines, arrivals, departures and moderators' actions
 * come by the socket; lines of members the viewer muted or blocked are never
 * shown (the server leaves them out of the history; live ones are dropped here).
 */
export function ClubChatRoom({ clubId, viewerId, initial, socket: givenSocket }: ClubChatRoomProps) {
  const intl = useIntl();
  const [lines, setLines] = useState<readonly ClubChatLine[]>(initial.lines);
  const [hasMore, setHasMore] = useState(initial.hasMore);
  const [viewer, setViewer] = useState<ClubChatViewerState>(initial.viewer);
  const [room, setRoom] = useState<{ readonly members: readonly ClubChatPresentMember[]; readonly count: number }>({ members: [], count: 0 });
  const present = room.members;
  const [removed, setRemoved] = useState(false);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const silenced = useRef<ReadonlySet<number>>(new Set(initial.silencedIds));
  const logRef = useRef<HTMLDivElement>(null);
  const ids = { input: useId(), counter: useId(), log: useId(), present: useId(), member: useId(), type: useId(), note: useId(), hide: useId() };
  const socket = () => givenSocket ?? pageSocketClient();

  useEffect(() => {
    if (removed) return;
    const client = givenSocket ?? pageSocketClient();
    let active = true;
    const applyPresence = (presence: ClubChatPresence) => setRoom({ members: presence.members, count: presence.count });
    const enter = async () => {
      const answer = await client.command("club.chat.enter", { clubId });
      if (active && answer.ok) applyPresence(answer.value);
    };
    const load = async () => {
      const answer = await client.command("club.chat.history", { clubId });
      if (!active) return;
      if (!answer.ok) {
        setError(intl.formatMessage({ id: refusalMessages[answer.error] ?? "clubChat.error.history" }));
        return;
      }
      const history = answer.value;
      silenced.current = new Set(history.silencedIds);
      setViewer(history.viewer);
      setLines((current) => mergeChatLines(history.lines, current.filter((line) => line.id > (history.lines.at(-1)?.id ?? 0))));
      await enter();
    };
    const unsubscribe = client.subscribe(
      clubChatRoom(clubId),
      (event) => {
        const line = eventPayload(clubChatLineEvent, event);
        if (line?.clubId === clubId) {
          if (!silenced.current.has(line.authorId)) setLines((current) => mergeChatLines(current, [line]));
          return;
        }
        const presence = eventPayload(clubChatPresenceEvent, event);
        if (presence?.clubId === clubId) {
          const { memberId, username } = presence;
          setRoom((current) => {
            const listed = current.members.some((member) => member.id === memberId);
            if (presence.present) {
              return listed ? current : { members: [...current.members, { id: memberId, username }].sort((a, b) => a.username.localeCompare(b.username)), count: current.count + 1 };
            }
            return { members: current.members.filter((member) => member.id !== memberId), count: listed || current.count > current.members.length ? Math.max(0, current.count - 1) : current.count };
          });
          return;
        }
        const moderation = eventPayload(clubChatModerationEvent, event);
        if (moderation?.clubId === clubId) {
          const { memberId } = moderation;
          if (moderation.hideMessages) setLines((current) => current.filter((shown) => shown.authorId !== memberId));
          if (memberId === viewerId) {
            if (moderation.type === "mute") setViewer((current) => ({ ...current, canWrite: false, muted: true }));
            if (moderation.type === "unmute") setViewer((current) => ({ ...current, canWrite: true, muted: false }));
            if (moderation.type === "remove") setRemoved(true);
          }
        }
      },
      { onSubscribed: () => void load() },
    );
    const ownRoom = client.subscribe(`user:${viewerId}`, (event) => {
      const notice = eventPayload(clubChatPersonalNoticeEvent, event);
      if (notice?.clubId !== clubId) return;
      const base = intl.formatMessage({ id: noticeMessages[notice.type] ?? "clubChat.notice.warn" });
      setNotice(notice.message !== "" ? `${base} ${notice.message}` : base);
      if (notice.type === "remove") setRemoved(true);
      if (notice.type === "readmit") setRemoved(false);
    });
    const heartbeat = setInterval(() => void enter(), CLUB_CHAT_HEARTBEAT_MS);
    return () => {
      active = false;
      clearInterval(heartbeat);
      void client.command("club.chat.leave", { clubId });
      unsubscribe();
      ownRoom();
    };
    // intl is stable for the page's locale.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [clubId, viewerId, givenSocket, removed]);

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [lines.length]);

  const cleaned = cleanChatText(text);
  const remaining = CLUB_CHAT_MAX_CHARACTERS - chatLength(cleaned);

  async function handleSend(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    if (cleaned.length === 0) return setError(intl.formatMessage({ id: "clubChat.error.empty" }));
    if (remaining < 0) return setError(intl.formatMessage({ id: "clubChat.error.too_long" }, { max: CLUB_CHAT_MAX_CHARACTERS }));
    setSending(true);
    const answer = await socket().command("club.chat.send", { clubId, text: cleaned });
    setSending(false);
    if (!answer.ok) return setError(intl.formatMessage({ id: refusalMessages[answer.error] ?? "clubChat.error.other" }, { max: CLUB_CHAT_MAX_CHARACTERS }));
    setError(null);
    setText("");
    const line = answer.value;
    setLines((current) => mergeChatLines(current, [line]));
  }

  async function handleOlder() {
    const first = lines[0];
    const answer = await socket().command("club.chat.history", first ? { clubId, beforeId: first.id } : { clubId });
    if (!answer.ok) return setError(intl.formatMessage({ id: "clubChat.error.history" }));
    const page = answer.value;
    setHasMore(page.hasMore);
    setLines((current) => mergeChatLines(page.lines, current));
  }

  async function handleModerate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const userId = Number(form.get("userId"));
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === "string" ? value : "";
    };
    const type = clubChatModerationTypes.find((known) => known === form.get("type"));
    if (type === undefined) return setError(intl.formatMessage({ id: "clubChat.error.other" }));
    const answer = await socket().command("club.chat.moderate", { chatId: clubId, type, userId, hideMessages: form.get("hideMessages") === "1", message: text("message") });
    if (!answer.ok) return setError(intl.formatMessage({ id: refusalMessages[answer.error] ?? "clubChat.error.other" }));
    setError(null);
    setNotice(intl.formatMessage({ id: "clubChat.moderation.done" }));
  }

  if (removed) {
    return (
      <p className="ks-club-chat__notice" role="status">
        {notice ?? intl.formatMessage({ id: "clubChat.error.removed_from_chat" })}
      </p>
    );
  }

  // Whom a moderator may pick: members seen in the room or in the log, not the viewer.
  const targets = new Map<number, string>();
  for (const member of present) if (member.id !== viewerId) targets.set(member.id, member.username);
  for (const line of lines) if (line.authorId !== viewerId) targets.set(line.authorId, line.author);

  return (
    <div className="ks-club-chat">
      <section className="ks-club-chat__main" aria-labelledby={ids.log}>
        <h2 id={ids.log}>{intl.formatMessage({ id: "clubChat.log_title" })}</h2>
        {hasMore && (
          <button type="button" className="ks-button" onClick={() => void handleOlder()}>
            {intl.formatMessage({ id: "clubChat.older" })}
          </button>
        )}
        <div ref={logRef} className="ks-club-chat__log" role="log" aria-live="polite" aria-label={intl.formatMessage({ id: "clubChat.log_label" })} tabIndex={0}>
          {lines.length === 0 ? (
            <p className="ks-club-chat__notice">{intl.formatMessage({ id: "clubChat.empty" })}</p>
          ) : (
            <ol className="ks-club-chat__lines">
              {lines.map((line) => (
                <li key={line.id} className="ks-club-chat__line">
                  <span className="ks-club-chat__author">{line.author}</span>
                  <FlairBesideName code={line.authorFlair} /> <span>{line.text}</span>
                </li>
              ))}
            </ol>
          )}
        </div>
        {notice && (
          <p className="ks-club-chat__notice" role="status">
            {notice}
          </p>
        )}
        {error && (
          <p className="ks-club-chat__error" role="alert">
            {error}
          </p>
        )}
        {viewer.canWrite ? (
          <form className="ks-club-chat__form" onSubmit={(event) => void handleSend(event)}>
            <label className="ks-visually-hidden" htmlFor={ids.input}>
              {intl.formatMessage({ id: "clubChat.input_label" })}
            </label>
            <input
              id={ids.input}
              className="ks-input"
              type="text"
              autoComplete="off"
              enterKeyHint="send"
              value={text}
              placeholder={intl.formatMessage({ id: "clubChat.placeholder" })}
              aria-describedby={ids.counter}
              aria-invalid={remaining < 0 || undefined}
              onChange={(event) => setText(event.target.value)}
            />
            <button className="ks-button ks-button-primary" type="submit" disabled={sending || remaining < 0}>
              {intl.formatMessage({ id: "clubChat.send" })}
            </button>
            <span id={ids.counter} className="ks-club-chat__notice">
              {remaining < 0 ? intl.formatMessage({ id: "clubChat.counter_over" }, { over: -remaining }) : intl.formatMessage({ id: "clubChat.counter" }, { remaining })}
            </span>
          </form>
        ) : (
          <p className="ks-club-chat__notice">{intl.formatMessage({ id: viewer.muted ? "clubChat.error.muted" : "clubChat.read_only" })}</p>
        )}
      </section>
      <aside className="ks-club-chat__side" aria-labelledby={ids.present}>
        <h2 id={ids.present}>{intl.formatMessage({ id: "clubChat.present_title" }, { count: room.count })}</h2>
        <ul className="ks-club-chat__present">
          {present.map((member) => (
            <li key={member.id}>{member.username}</li>
          ))}
        </ul>
        {viewer.moderation.length > 0 && targets.size > 0 && (
          <form className="ks-club-chat__moderation" onSubmit={(event) => void handleModerate(event)} aria-label={intl.formatMessage({ id: "clubChat.moderation.title" })}>
            <label className="ks-field" htmlFor={ids.member}>
              {intl.formatMessage({ id: "clubChat.moderation.member" })}
              <select id={ids.member} name="userId">
                {[...targets].map(([id, username]) => (
                  <option key={id} value={id}>
                    {username}
                  </option>
                ))}
              </select>
            </label>
            <label className="ks-field" htmlFor={ids.type}>
              {intl.formatMessage({ id: "clubChat.moderation.type" })}
              <select id={ids.type} name="type">
                {clubChatModerationTypes
                  .filter((type) => viewer.moderation.includes(type))
                  .map((type) => (
                    <option key={type} value={type}>
                      {intl.formatMessage({ id: moderationLabels[type] })}
                    </option>
                  ))}
              </select>
            </label>
            <label className="ks-field" htmlFor={ids.note}>
              {intl.formatMessage({ id: "clubChat.moderation.note" })}
              <input id={ids.note} name="message" type="text" maxLength={300} autoComplete="off" />
            </label>
            <span className="ks-checkbox">
              <input id={ids.hide} name="hideMessages" type="checkbox" value="1" /> <label htmlFor={ids.hide}>{intl.formatMessage({ id: "clubChat.moderation.hide" })}</label>
            </span>
            <button className="ks-button" type="submit">
              {intl.formatMessage({ id: "clubChat.moderation.submit" })}
            </button>
          </form>
        )}
      </aside>
    </div>
  );
}
