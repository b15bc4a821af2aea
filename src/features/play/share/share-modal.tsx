import { useId, useRef, useState } from "react";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { Modal } from "../../../ui/modal.tsx";
import type { GameView } from "../play.schema.ts";
import "./share-modal.css";

/** Spec 001 §2.5: the share modal's states and types. */
export type ShareState = "select" | "send" | "sent";
export type ShareType = "game" | "social";

export interface ShareModalProps {
  readonly type: ShareType;
  /** The absolute address to share (a game: /game/live/{id} or /game/{id} on this site). */
  readonly url: string;
  /** For a game: its moves, players and ending, from which the PGN is written in the browser. */
  readonly game?: GameView;
  readonly onClose: () => void;
  /** The clipboard; the browser's by default (tests pass their own). */
  readonly clipboard?: Pick<Clipboard, "writeText">;
  /** The Web Share API; the browser's when it has one (tests pass their own). */
  readonly share?: (data: ShareData) => Promise<void>;
}

type Done = "url" | "pgn" | "shared" | "failed";

const doneMessages: Readonly<Record<Done, string>> = {
  url: "play.share.url_copied",
  pgn: "play.share.pgn_copied",
  shared: "play.share.shared",
  failed: "play.share.failed",
};

/**
 * The share modal (spec 001 §2.5): in `select` the member sees the address
 * and chooses what to share: the link, the game's PGN (type game), or the
 * device's own share sheet where there is one; `send` while it is copied or
 * handed over; `sent` with "PGN copied to buffer." (or the link's message).
 * The PGN writer is loaded only when asked for.
 */
export function ShareModal({ type, url, game, onClose, clipboard, share }: ShareModalProps) {
  const intl = useIntl();
  const [state, setState] = useState<ShareState>("select");
  const [done, setDone] = useState<Done | null>(null);
  const urlId = useId();
  const urlRef = useRef<HTMLInputElement>(null);
  const browserShare = share ?? (typeof navigator !== "undefined" && typeof navigator.share === "function" ? (data: ShareData) => navigator.share(data) : undefined);

  async function send(what: Exclude<Done, "failed">, work: () => Promise<void>) {
    setState("send");
    try {
      await work();
      setDone(what);
    } catch {
      setDone("failed");
    }
    setState("sent");
  }

  const writeText = (text: string) => (clipboard ?? navigator.clipboard).writeText(text);

  function handleCopyUrl() {
    void send("url", () => writeText(url));
  }

  function handleCopyPgn() {
    if (!game) return;
    void send("pgn", async () => {
      const { gamePgn } = await import("./game-pgn.ts");
      await writeText(gamePgn(game, url));
    });
  }

  function handleNativeShare() {
    if (!browserShare) return;
    void send("shared", () => browserShare({ url }));
  }

  const title = intl.formatMessage({ id: type === "game" ? "play.share.title.game" : "play.share.title.social" });
  return (
    <Modal title={title} onClose={onClose} size="small" initialFocusRef={urlRef}>
      <div className="ks-share" data-state={state}>
        <label htmlFor={urlId} className="ks-share__label">
          {intl.formatMessage({ id: "play.share.url_label" })}
        </label>
        <input id={urlId} ref={urlRef} className="ks-share__url" type="text" readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
        {state === "sent" && done ? (
          <>
            <p className={done === "failed" ? "ks-share__result ks-share__result--failed" : "ks-share__result"} role="status">
              {intl.formatMessage({ id: doneMessages[done] })}
            </p>
            <div className="ks-share__actions">
              <button type="button" className="ks-button" onClick={() => setState("select")}>
                {intl.formatMessage({ id: "play.share.again" })}
              </button>
              <button type="button" className="ks-button ks-button-primary" onClick={onClose}>
                {intl.formatMessage({ id: "play.share.done" })}
              </button>
            </div>
          </>
        ) : (
          <div className="ks-share__actions" aria-busy={state === "send"}>
            <button type="button" className="ks-button ks-button-primary" disabled={state === "send"} onClick={handleCopyUrl}>
              {intl.formatMessage({ id: "play.share.copy_url" })}
            </button>
            {type === "game" && game && (
              <button type="button" className="ks-button" disabled={state === "send"} onClick={handleCopyPgn}>
                {intl.formatMessage({ id: "play.share.copy_pgn" })}
              </button>
            )}
            {browserShare && (
              <button type="button" className="ks-button" disabled={state === "send"} onClick={handleNativeShare}>
                {intl.formatMessage({ id: "play.share.native" })}
              </button>
            )}
            {state === "send" && (
              <span className="ks-share__sending" role="status">
                {intl.formatMessage({ id: "play.share.sending" })}
              </span>
            )}
          </div>
        )}
      </div>
    </Modal>
  );
}
