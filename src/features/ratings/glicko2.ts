/**
 * Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013), our own
 * implementation. Isomorphic, no I/O.
 *
 * Decisions (docs/decisions/0015 has the game-hold ones; these are here because
 * they are few): as on lichess, every game is its own rating period, a new
 * player starts at 1500 with RD 500 and volatility 0.09, τ is 0.75, the RD is
 * kept between 45 and 500, and a rating is provisional (shown with "?") while
 * its RD is above 110 — about the first dozen games.
 */
export interface GlickoRating {
  readonly rating: number;
  /** Rating deviation (RD). */
  readonly deviation: number;
  readonly volatility: number;
}

/** One game of the period: the opponent's rating before it, and the score (1 win, 0.5 draw, 0 loss). */
export interface GlickoResult {
  readonly opponent: GlickoRating;
  readonly score: 0 | 0.5 | 1;
}

export interface GlickoSystem {
  /** τ: how much volatility may change; 0.3–1.2 in Glickman's advice. */
  readonly tau: number;
  readonly minDeviation: number;
  readonly maxDeviation: number;
}

export const defaultGlickoSystem: GlickoSystem = { tau: 0.75, minDeviation: 45, maxDeviation: 500 };

export const newPlayerRating: GlickoRating = { rating: 1500, deviation: 500, volatility: 0.09 };

export const provisionalDeviation = 110;

export const isProvisional = (rating: GlickoRating): boolean => rating.deviation > provisionalDeviation;

/** Glicko-2's scale factor between the Glicko scale and its own. */
const scale = 173.7178;
const convergence = 0.000001;

const g = (phi: number): number => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
const expectedScore = (mu: number, opponentMu: number, opponentPhi: number): number =>
  1 / (1 + Math.exp(-g(opponentPhi) * (mu - opponentMu)));

/** Step 5: the new volatility, by the Illinois variant of regula falsi. */
const newVolatility = (sigma: number, phi: number, variance: number, delta: number, tau: number): number => {
  const a = Math.log(sigma * sigma);
  const f = (x: number): number => {
    const ex = Math.exp(x);
    const denominator = phi * phi + variance + ex;
    return (ex * (delta * delta - phi * phi - variance - ex)) / (2 * denominator * denominator) - (x - a) / (tau * tau);
  };
  let lower = a;
  let upper: number;
  if (delta * delta > phi * phi + variance) {
    upper = Math.log(delta * delta - phi * phi - variance);
  } else {
    let k = 1;
    while (f(a - k * tau) < 0) k++;
    upper = a - k * tau;
  }
  let fLower = f(lower);
  let fUpper = f(upper);
  while (Math.abs(upper - lower) > convergence) {
    const candidate = lower + ((lower - upper) * fLower) / (fUpper - fLower);
    const fCandidate = f(candidate);
    if (fCandidate * fUpper <= 0) {
      lower = upper;
      fLower = fUpper;
    } else {
      fLower /= 2;
    }
    upper = candidate;
    fUpper = fCandidate;
  }
  return Math.exp(lower / 2);
};

/**
 * The rating after one rating period with the given results. With no results
 * only the deviation grows (the player was inactive for a period).
 */
export const updateRating = (
  player: GlickoRating,
  results: readonly GlickoResult[],
  system: GlickoSystem = defaultGlickoSystem,
): GlickoRating => {
  const clampDeviation = (deviation: number): number => Math.min(system.maxDeviation, Math.max(system.minDeviation, deviation));
  const mu = (player.rating - 1500) / scale;
  const phi = player.deviation / scale;
  if (results.length === 0) {
    const grown = Math.sqrt(phi * phi + player.volatility * player.volatility) * scale;
    return { ...player, deviation: clampDeviation(grown) };
  }
  let inverseVariance = 0;
  let improvementSum = 0;
  for (const { opponent, score } of results) {
    const opponentMu = (opponent.rating - 1500) / scale;
    const opponentPhi = opponent.deviation / scale;
    const expected = expectedScore(mu, opponentMu, opponentPhi);
    const gPhi = g(opponentPhi);
    inverseVariance += gPhi * gPhi * expected * (1 - expected);
    improvementSum += gPhi * (score - expected);
  }
  const variance = 1 / inverseVariance;
  const delta = variance * improvementSum;
  const volatility = newVolatility(player.volatility, phi, variance, delta, system.tau);
  const phiStar = Math.sqrt(phi * phi + volatility * volatility);
  const newPhi = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / variance);
  const newMu = mu + newPhi * newPhi * improvementSum;
  return { rating: newMu * scale + 1500, deviation: clampDeviation(newPhi * scale), volatility };
};

/** Both players' ratings after one game between them (each game is a rating period). */
export const rateGame = (
  white: GlickoRating,
  black: GlickoRating,
  whiteScore: 0 | 0.5 | 1,
  system: GlickoSystem = defaultGlickoSystem,
): { readonly white: GlickoRating; readonly black: GlickoRating } => {
  const blackScore = whiteScore === 1 ? 0 : whiteScore === 0 ? 1 : 0.5;
  return {
    white: updateRating(white, [{ opponent: black, score: whiteScore }], system),
    black: updateRating(black, [{ opponent: white, score: blackScore }], system),
  };
};

/** The whole-number change shown at the end of a game (+12, −7). */
export const ratingChange = (before: GlickoRating, after: GlickoRating): number =>
  Math.round(after.rating) - Math.round(before.rating);
