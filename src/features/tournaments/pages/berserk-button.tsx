import { useState } from "react";
import { useHttpClient } from "../../../platform/http/http-client-context.tsx";
import { useIntl } from "../../../platform/i18n/intl.tsx";

/** Berserk: half the clock for an extra point on a win, before the first move (the server decides). */
export function BerserkButton({ gameId }: { readonly gameId: number }) {
  const intl = useIntl();
  const http = useHttpClient();
  const [done, setDone] = useState(false);
  if (done) return <span role="status">{intl.formatMessage({ id: "tournaments.arena.berserked" })}</span>;
  return (
    <button type="button" className="ks-button" onClick={() => void http.post(`/callback/tournament/berserk/${gameId}`).then(() => setDone(true), () => undefined)}>
      {intl.formatMessage({ id: "tournaments.arena.berserk" })}
    </button>
  );
}
