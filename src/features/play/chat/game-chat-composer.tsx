import { useId, useState, type FormEvent } from "react";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { pageSocketClient } from "../../../platform/realtime/page-socket.ts";
import type { SocketClient } from "../../../platform/realtime/socket-client.ts";
import { chatLength, cleanChatText } from "../../chat/chat-text.ts";
import { CHAT_MAX_CHARACTERS, type ChatChannel, type ChatLine } from "./game-chat.schema.ts";

const refusalMessages: Readonly<Record<string, string>> = {
  not_a_player: "play.chat.error.not_a_player",
  not_a_spectator: "play.chat.error.not_a_spectator",
  "chat.empty": "play.chat.error.empty",
  "chat.too_long": "play.chat.error.too_long",
  "chat.rate_limited": "play.chat.error.rate_limited",
  rate_limited: "play.chat.error.rate_limited",
  not_found: "play.chat.error.not_found",
};

export interface ChatComposerProps {
  readonly gameId: number;
  readonly channel: ChatChannel;
  /** The socket; the page's own by default (tests pass a fake). */
  readonly socket?: Pick<SocketClient, "command">;
  /** The line the server accepted, shown at once (its echo in the room is merged away). */
  readonly onSent: (line: ChatLine) => void;
  /** The panel's error line: a refusal in words, or null once a line went through. */
  readonly onError: (message: string | null) => void;
}

/**
 * The game chat's input: a labelled field that sends on Enter, a character
 * counter, the refusals in words. GameChat shows it to a viewer who may write.
 */
export function ChatComposer({ gameId, channel, socket, onSent, onError }: ChatComposerProps) {
  const intl = useIntl();
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const inputId = useId();
  const counterId = useId();
  const cleaned = cleanChatText(text);
  const remaining = CHAT_MAX_CHARACTERS - chatLength(cleaned);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    if (cleaned.length === 0) {
      onError(intl.formatMessage({ id: "play.chat.error.empty" }));
      return;
    }
    if (remaining < 0) {
      onError(intl.formatMessage({ id: "play.chat.error.too_long" }, { max: CHAT_MAX_CHARACTERS }));
      return;
    }
    setSending(true);
    const answer = await (socket ?? pageSocketClient()).command("game.chat.send", { gameId, channel, text: cleaned });
    setSending(false);
    if (answer.ok) {
      onError(null);
      setText("");
      onSent(answer.value);
      return;
    }
    const messageId = refusalMessages[answer.error] ?? "play.chat.error.other";
    onError(intl.formatMessage({ id: messageId }, { max: CHAT_MAX_CHARACTERS }));
  }

  return (
    <form className="ks-game-chat__form" onSubmit={(event) => void handleSubmit(event)}>
      <label className="ks-visually-hidden" htmlFor={inputId}>
        {intl.formatMessage({ id: "play.chat.input_label" })}
      </label>
      <input
        id={inputId}
        className="ks-game-chat__input"
        type="text"
        autoComplete="off"
        enterKeyHint="send"
        value={text}
        placeholder={intl.formatMessage({ id: "play.chat.placeholder" })}
        aria-describedby={counterId}
        aria-invalid={remaining < 0 || undefined}
        onChange={(event) => setText(event.target.value)}
      />
      <button className="ks-button" type="submit" disabled={sending || remaining < 0}>
        {intl.formatMessage({ id: "play.chat.send" })}
      </button>
      <span id={counterId} className={`ks-game-chat__counter${remaining < 0 ? " ks-game-chat__counter--over" : ""}`}>
        {remaining < 0 ? intl.formatMessage({ id: "play.chat.counter_over" }, { over: -remaining }) : intl.formatMessage({ id: "play.chat.counter" }, { remaining })}
      </span>
    </form>
  );
}
