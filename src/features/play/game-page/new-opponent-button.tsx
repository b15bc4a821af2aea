import { useState } from "react";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useSocketCommand } from "../../../platform/realtime/socket-provider.tsx";
import { useOpenGame } from "../lobby/use-open-game.ts";
import { refusalMessageId } from "../lobby/play-commands.ts";
import type { GameView } from "../play.schema.ts";

/**
 * After a game: the same terms against someone else, through the lobby's
 * pairing (seek.quick). Paired at once, the page goes to the new game; else
 * the seek waits in the lobby and the shell's play layer opens the game when
 * the seek is paired (its seek.paired event).
 */
export function NewOpponentButton({ view }: { readonly view: GameView }) {
  const intl = useIntl();
  const send = useSocketCommand();
  const openGame = useOpenGame();
  const [state, setState] = useState<"idle" | "busy" | "seeking">("idle");
  const [refusal, setRefusal] = useState<string | null>(null);

  async function handleClick() {
    setState("busy");
    setRefusal(null);
    const answer = await send("seek.quick", { terms: { rules: view.rules, control: view.control, rated: view.rated, color: "random" } });
    if (!answer.ok) {
      setState("idle");
      setRefusal(refusalMessageId(answer.error));
      return;
    }
    if ("gameId" in answer.value) await openGame(answer.value.gameId, view.control.kind);
    else setState("seeking");
  }

  return (
    <>
      <button type="button" className="ks-button" disabled={state !== "idle"} data-action="new-opponent" onClick={() => void handleClick()}>
        {intl.formatMessage({ id: "game.action.new_opponent" })}
      </button>
      {state === "seeking" && (
        <p className="ks-game-seeking" role="status">
          {intl.formatMessage({ id: "game.action.seeking" })}
        </p>
      )}
      {refusal && (
        <p className="ks-form-error" role="alert">
          {intl.formatMessage({ id: refusal })}
        </p>
      )}
    </>
  );
}
