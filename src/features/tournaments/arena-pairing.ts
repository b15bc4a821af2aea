/**
 * Who plays whom among an arena's waiting players (decision 0073, after
 * lichess's arena pairing): ranked by score, then rating; each player meets
 * the nearest one below who was not their last opponent, so nobody gets an
 * immediate rematch. A player nobody fits waits for the next wave. Pure.
 */
export interface WaitingPlayer {
  readonly memberId: number;
  readonly score: number;
  readonly rating: number;
  /** The opponent of the player's last game in this arena, if any. */
  readonly lastOpponentId: number | null;
  /** Games had with white minus games had with black: the one with less white gets it. */
  readonly colorBalance: number;
}

export interface ArenaPair {
  readonly whiteId: number;
  readonly blackId: number;
}

const byStanding = (a: WaitingPlayer, b: WaitingPlayer): number => b.score - a.score || b.rating - a.rating || a.memberId - b.memberId;

const justPlayed = (a: WaitingPlayer, b: WaitingPlayer): boolean => a.lastOpponentId === b.memberId || b.lastOpponentId === a.memberId;

export function pairArena(waiting: readonly WaitingPlayer[]): { readonly pairs: readonly ArenaPair[]; readonly waiting: readonly number[] } {
  const ranked = [...waiting].sort(byStanding);
  const taken = new Set<number>();
  const pairs: ArenaPair[] = [];
  for (const [index, player] of ranked.entries()) {
    if (taken.has(player.memberId)) continue;
    const opponent = ranked.slice(index + 1).find((candidate) => !taken.has(candidate.memberId) && !justPlayed(player, candidate));
    if (!opponent) continue;
    taken.add(player.memberId);
    taken.add(opponent.memberId);
    const playerTakesWhite = player.colorBalance <= opponent.colorBalance;
    pairs.push(playerTakesWhite ? { whiteId: player.memberId, blackId: opponent.memberId } : { whiteId: opponent.memberId, blackId: player.memberId });
  }
  return { pairs, waiting: ranked.filter((player) => !taken.has(player.memberId)).map((player) => player.memberId) };
}
