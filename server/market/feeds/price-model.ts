// How the simulated market moves: a log-price random walk with per-asset volatility, a daily
// regime (calm and busy days), an intraday pattern (busiest when Europe and America overlap), rare
// jumps, and a slow pull back towards the reference level so a long run stays plausible.
import { normal, streamOf, streams, uniform } from './noise.ts';

const secondsPerYear = 365 * 86_400;
/** Half-life of the pull towards the reference price. */
const reversionHalfLifeSeconds = 60 * 86_400;
const reversionPerSecond = Math.LN2 / reversionHalfLifeSeconds;
/** Expected jumps per day and their typical size (log-return). */
const jumpsPerDay = 1.5;
const jumpSigma = 0.012;

export interface ModelMarket {
  index: number;
  annualVolatility: number;
  /** Log of the reference price in ticks. */
  logReference: number;
}

/** Activity by hour of day (UTC): quiet late Asian night, busiest 13:00–17:00 UTC. */
export function intradayActivity(ts: number): number {
  const hour = (ts / 3_600_000) % 24;
  const bump = (centre: number, width: number) => {
    const distance = Math.min(Math.abs(hour - centre), 24 - Math.abs(hour - centre));
    return Math.exp(-(distance * distance) / (2 * width * width));
  };
  return 0.7 + 0.6 * bump(15, 2.5) + 0.25 * bump(2, 2);
}

/** A day's regime level, drawn once per day: lognormal around 1. */
const regimeLevels = new Map<string, number>();
function regimeLevel(seed: number, market: number, day: number): number {
  const key = `${seed}:${market}:${day}`;
  let level = regimeLevels.get(key);
  if (level === undefined) {
    if (regimeLevels.size > 10_000) regimeLevels.clear();
    level = Math.exp(0.35 * normal(seed, streamOf(market, streams.regime), day));
    regimeLevels.set(key, level);
  }
  return level;
}

/** A day's regime, blended across midnight so volatility never steps. */
export function regime(seed: number, market: number, ts: number): number {
  const day = ts / 86_400_000;
  const whole = Math.floor(day);
  const weight = day - whole;
  return (
    regimeLevel(seed, market, whole) * (1 - weight) + regimeLevel(seed, market, whole + 1) * weight
  );
}

/** Volatility multiplier at a moment: the day's regime times the hour's activity. */
export function activity(seed: number, market: number, ts: number): number {
  return regime(seed, market, ts) * intradayActivity(ts);
}

/**
 * The log-return over `seconds` ending at step `index` (a second or a minute counter, named by
 * `stream`), from `logPrice`; jumps arrive as a Poisson process thinned per step.
 */
export function logReturn(
  seed: number,
  market: ModelMarket,
  logPrice: number,
  ts: number,
  index: number,
  seconds: number,
  stream: number,
): number {
  const sigma = market.annualVolatility * Math.sqrt(seconds / secondsPerYear);
  const level = activity(seed, market.index, ts);
  const pull = -reversionPerSecond * seconds * (logPrice - market.logReference);
  let move = pull - (sigma * sigma * level * level) / 2;
  move += sigma * level * normal(seed, streamOf(market.index, stream), index);
  const jumpChance = (jumpsPerDay * seconds) / 86_400;
  if (uniform(seed, streamOf(market.index, streams.jump) + stream * 1000, index) < jumpChance) {
    move += jumpSigma * normal(seed, streamOf(market.index, streams.jumpSize), index);
  }
  return move;
}
