import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import type { ArenaCard } from "../tournaments.schema.ts";

/** A list of tournaments (arenas and Swisses) with their clock, players and times (the hub's three lists). */
export function ArenaCardList({ arenas, emptyMessageId, timeOf }: { readonly arenas: readonly ArenaCard[]; readonly emptyMessageId: string; readonly timeOf: "startsAt" | "endsAt" }) {
  const intl = useIntl();
  const link = useLinks();
  if (arenas.length === 0) return <p className="ks-muted">{intl.formatMessage({ id: emptyMessageId })}</p>;
  return (
    <ul className="ks-arena-list">
      {arenas.map((arena) => (
        <li key={arena.url} className="ks-arena-list__item">
          <a href={arena.kind === "swiss" ? link("web_tournament_live", { url: arena.url }) : link("web_tournament_live_arena", { url: arena.url })}>{arena.name}</a>
          <span>
            {intl.formatMessage({ id: arena.kind === "swiss" ? "tournaments.swiss.kind" : "tournaments.arena.kind" })} ·{" "}
            {arena.control}
            {arena.rules === "chess960" ? " · Chess960" : ""} · {intl.formatMessage({ id: arena.rated ? "tournaments.rated" : "tournaments.casual" })}
          </span>
          <span>{intl.formatMessage({ id: "tournaments.players" }, { count: arena.players })}</span>
          <time dateTime={arena[timeOf]}>{intl.formatDate(new Date(arena[timeOf]), { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" })} UTC</time>
        </li>
      ))}
    </ul>
  );
}
