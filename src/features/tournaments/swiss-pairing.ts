/**
 * A Swiss round's pairings (issue 26 item 2, decision 0078): our own small
 * form of the FIDE Dutch system (FIDE Handbook C.04.3), pure and tested.
 *
 * - Players are ranked by score, then pairing number (the order they
 *   entered by rating). Each score group is split in halves; the top half
 *   meets the bottom half in order (1–5, 2–6, 3–7, 4–8 in a group of eight),
 *   and where that is not allowed the bottom half is transposed in the
 *   Dutch order (the search tries the lowest change first). A group left
 *   with one player floats its lowest one down, to meet the top of the next.
 * - Absolute rules: no two players meet twice; nobody plays the same colour
 *   three times running or has three more games with one colour than the
 *   other. Only when no pairing keeps the colour rules do they give way
 *   (never the repeat rule: a player nobody may meet again sits out).
 * - A bye, with an odd number of players: the lowest ranked who has not had
 *   one yet and whose absence leaves the others pairable.
 * - Colours: each gets their preference when they differ; else the stronger
 *   preference wins, then the one whose colours last differed in the other
 *   order, then the higher ranked. In the first round, boards alternate,
 *   the higher ranked taking white on the first.
 *
 * Scores are in half points (a win 2, a draw 1, a bye 2), as the arena's.
 */

export type SwissColour = "white" | "black";

export interface SwissEntrant {
  readonly id: number;
  /** Half points. */
  readonly score: number;
  /** The order of entry: lower is stronger (rating order at the start). */
  readonly pairingNumber: number;
  /** Colours played so far, oldest first (a bye is not a colour). */
  readonly colours: readonly SwissColour[];
  readonly opponents: readonly number[];
  readonly hadBye: boolean;
}

export interface SwissPairing {
  readonly whiteId: number;
  readonly blackId: number;
}

export interface SwissRound {
  readonly pairs: readonly SwissPairing[];
  readonly byeId: number | null;
  /** Players nobody may meet again (rare: small fields near the end), who sit out without a point. */
  readonly unpaired: readonly number[];
}

/** The search gives up on a stricter level after this many steps and relaxes (a large field never hangs). */
const SEARCH_STEPS = 200_000;

const balanceOf = (colours: readonly SwissColour[]) => colours.reduce((sum, colour) => sum + (colour === "white" ? 1 : -1), 0);

/** The colour a player must or would like to have, and how strongly (3 absolute, 2 strong, 1 mild, 0 none). */
export function colourPreference(colours: readonly SwissColour[]): { readonly colour: SwissColour | null; readonly strength: 0 | 1 | 2 | 3 } {
  if (colours.length === 0) return { colour: null, strength: 0 };
  const balance = balanceOf(colours);
  const last = colours[colours.length - 1];
  const other = (colour: SwissColour | undefined): SwissColour => (colour === "white" ? "black" : "white");
  if (balance >= 2) return { colour: "black", strength: 3 };
  if (balance <= -2) return { colour: "white", strength: 3 };
  if (colours.length >= 2 && colours[colours.length - 2] === last) return { colour: other(last), strength: 3 };
  if (balance === 1) return { colour: "black", strength: 2 };
  if (balance === -1) return { colour: "white", strength: 2 };
  return { colour: other(last), strength: 1 };
}

/** Would the pair leave someone with the same colour three times running, or three more of one colour? */
function coloursClash(a: SwissEntrant, b: SwissEntrant): boolean {
  const pa = colourPreference(a.colours);
  const pb = colourPreference(b.colours);
  return pa.strength === 3 && pb.strength === 3 && pa.colour === pb.colour;
}

const ranked = (players: readonly SwissEntrant[]) => [...players].sort((a, b) => b.score - a.score || a.pairingNumber - b.pairingNumber);

/** Who takes white: FIDE C.04.3 rule E, with the first round's alternating boards. */
export function coloursFor(higher: SwissEntrant, lower: SwissEntrant, board: number): SwissPairing {
  const white = (id: number): SwissPairing => (id === higher.id ? { whiteId: higher.id, blackId: lower.id } : { whiteId: lower.id, blackId: higher.id });
  const ph = colourPreference(higher.colours);
  const pl = colourPreference(lower.colours);
  if (ph.colour === null && pl.colour === null) return white(board % 2 === 0 ? higher.id : lower.id);
  if (ph.colour === null) return white(pl.colour === "white" ? lower.id : higher.id);
  if (pl.colour === null) return white(ph.colour === "white" ? higher.id : lower.id);
  if (ph.colour !== pl.colour) return white(ph.colour === "white" ? higher.id : lower.id);
  if (ph.strength !== pl.strength) {
    const stronger = ph.strength > pl.strength ? higher : lower;
    const colour = ph.strength > pl.strength ? ph.colour : pl.colour;
    return white(colour === "white" ? stronger.id : (stronger.id === higher.id ? lower.id : higher.id));
  }
  // Same preference, same strength: the latest round in which their colours differed decides, each alternating from it.
  for (let back = 1; back <= Math.min(higher.colours.length, lower.colours.length); back += 1) {
    const h = higher.colours[higher.colours.length - back];
    const l = lower.colours[lower.colours.length - back];
    if (h !== l) return white(h === "white" ? lower.id : higher.id);
  }
  return white(ph.colour === "white" ? higher.id : lower.id);
}

/**
 * The opponents to try for the top remaining player, best first: the
 * player's own score group split in halves (the top half meets the bottom
 * half in order, then the rest of the bottom half, then the top half), then
 * the lower groups in rank order.
 */
function candidatesFor(remaining: readonly SwissEntrant[]): SwissEntrant[] {
  const [top, ...rest] = remaining;
  if (!top) return [];
  const group = remaining.filter((player) => player.score === top.score);
  const half = Math.floor(group.length / 2);
  const bottom = group.slice(Math.max(half, 1));
  const upper = group.slice(1, Math.max(half, 1));
  return [...bottom, ...upper, ...rest.filter((player) => player.score !== top.score)];
}

interface Search {
  steps: number;
  readonly colourRules: boolean;
}

function pairFrom(remaining: readonly SwissEntrant[], search: Search): [SwissEntrant, SwissEntrant][] | null {
  if (remaining.length === 0) return [];
  search.steps += 1;
  if (search.steps > SEARCH_STEPS) return null;
  const [top] = remaining;
  if (!top) return [];
  for (const opponent of candidatesFor(remaining)) {
    if (top.opponents.includes(opponent.id)) continue;
    if (search.colourRules && coloursClash(top, opponent)) continue;
    const rest = pairFrom(
      remaining.filter((player) => player !== top && player !== opponent),
      search,
    );
    if (rest) return [[top, opponent], ...rest];
  }
  return null;
}

/** Pairs an even field, strictly first, then without the colour rules. */
function pairAll(players: readonly SwissEntrant[]): [SwissEntrant, SwissEntrant][] | null {
  return pairFrom(players, { steps: 0, colourRules: true }) ?? pairFrom(players, { steps: 0, colourRules: false });
}

/** The next round's pairings for the players still in (withdrawn ones are left out by the caller). */
export function pairSwissRound(players: readonly SwissEntrant[]): SwissRound {
  const field = ranked(players);
  const byeCandidates: (SwissEntrant | null)[] = field.length % 2 === 1 ? [...field].reverse().filter((player) => !player.hadBye) : [null];
  // Everyone had a bye already (a small field, many rounds): the lowest ranked has another.
  if (byeCandidates.length === 0) byeCandidates.push(field[field.length - 1] ?? null);
  for (const bye of byeCandidates) {
    const pairs = pairAll(field.filter((player) => player !== bye));
    if (pairs) return { pairs: pairs.map(([higher, lower], board) => coloursFor(higher, lower, board)), byeId: bye?.id ?? null, unpaired: [] };
  }
  // No complete pairing keeps the repeat rule: pair greedily and leave out who cannot be paired.
  const bye = byeCandidates[0] ?? null;
  const left = field.filter((player) => player !== bye);
  const pairs: SwissPairing[] = [];
  const unpaired: number[] = [];
  while (left.length > 0) {
    const top = left.shift();
    if (!top) break;
    const index = left.findIndex((other) => !top.opponents.includes(other.id));
    const opponent = index >= 0 ? left.splice(index, 1)[0] : undefined;
    if (opponent) pairs.push(coloursFor(top, opponent, pairs.length));
    else unpaired.push(top.id);
  }
  return { pairs, byeId: bye?.id ?? null, unpaired };
}

export interface SwissGameRecord {
  readonly whiteId: number;
  /** Null for a bye. */
  readonly blackId: number | null;
  /** Half points each side scored (a bye: white's 2). */
  readonly whitePoints: number;
  readonly blackPoints: number;
}

export interface SwissTieBreaks {
  /** Half points. */
  readonly score: number;
  /** The sum of the opponents' scores, half points. */
  readonly buchholz: number;
  /** Sonneborn-Berger: the beaten opponents' scores plus half the drawn ones', in quarter points (whole numbers). */
  readonly sonnebornBerger: number;
}

/**
 * Scores and tie-breaks from the finished games. Buchholz is the sum of the
 * opponents' scores; Sonneborn-Berger adds the scores of those beaten and
 * half of those drawn. A bye counts its point for the score and nothing for
 * the tie-breaks (no virtual opponent: decision 0078).
 */
export function swissTieBreaks(playerIds: readonly number[], games: readonly SwissGameRecord[]): ReadonlyMap<number, SwissTieBreaks> {
  const score = new Map<number, number>(playerIds.map((id) => [id, 0]));
  for (const game of games) {
    score.set(game.whiteId, (score.get(game.whiteId) ?? 0) + game.whitePoints);
    if (game.blackId !== null) score.set(game.blackId, (score.get(game.blackId) ?? 0) + game.blackPoints);
  }
  const buchholz = new Map<number, number>();
  const sb = new Map<number, number>();
  const add = (id: number, opponent: number, points: number) => {
    const theirs = score.get(opponent) ?? 0;
    buchholz.set(id, (buchholz.get(id) ?? 0) + theirs);
    // Quarter points: a win (2 half points) adds the opponent's score twice over, a draw once.
    sb.set(id, (sb.get(id) ?? 0) + theirs * points);
  };
  for (const game of games) {
    if (game.blackId === null) continue;
    add(game.whiteId, game.blackId, game.whitePoints);
    add(game.blackId, game.whiteId, game.blackPoints);
  }
  return new Map(playerIds.map((id) => [id, { score: score.get(id) ?? 0, buchholz: buchholz.get(id) ?? 0, sonnebornBerger: sb.get(id) ?? 0 }]));
}

/** The final order: score, Buchholz, Sonneborn-Berger, then the pairing number. */
export function swissOrder<T extends { readonly id: number; readonly pairingNumber: number }>(players: readonly T[], tieBreaks: ReadonlyMap<number, SwissTieBreaks>): T[] {
  const of = (id: number) => tieBreaks.get(id) ?? { score: 0, buchholz: 0, sonnebornBerger: 0 };
  return [...players].sort((a, b) => of(b.id).score - of(a.id).score || of(b.id).buchholz - of(a.id).buchholz || of(b.id).sonnebornBerger - of(a.id).sonnebornBerger || a.pairingNumber - b.pairingNumber);
}
