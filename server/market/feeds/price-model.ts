// How the simulated market moves: a log-price random walk with per-asset volatility, a daily
// regime (calm and busy days), an intraday pattern (busiest when Europe and America overlap), rare
// jumps, and a slow pull back towards the reference level so a long run stays plausible. Every
// random number comes from the noise source the feed was given (noise.ts).
import type { MarketSpec } from '../catalog.ts';
import { type NoiseSource, streamOf, streams } from './noise.ts';

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

/** A day's regime level: lognormal around 1, held by the source so a day keeps it within a run. */
function regimeLevel(noise: NoiseSource, market: number, day: number): number {
  return Math.exp(0.35 * noise.held(streamOf(market, streams.regime), day));
}

/** A day's regime, blended across midnight so volatility never steps. */
export function regime(noise: NoiseSource, market: number, ts: number): number {
  const day = ts / 86_400_000;
  const whole = Math.floor(day);
  const weight = day - whole;
  return (
    regimeLevel(noise, market, whole) * (1 - weight) +
    regimeLevel(noise, market, whole + 1) * weight
  );
}

/** Volatility multiplier at a moment: the day's regime times the hour's activity. */
export function activity(noise: NoiseSource, market: number, ts: number): number {
  return regime(noise, market, ts) * intradayActivity(ts);
}

/**
 * The log-return over `seconds` ending at step `index` (a second or a minute counter, named by
 * `stream`), from `logPrice`; jumps arrive as a Poisson process thinned per step.
 */
export function logReturn(
  noise: NoiseSource,
  market: ModelMarket,
  logPrice: number,
  ts: number,
  index: number,
  seconds: number,
  stream: number,
): number {
  const sigma = market.annualVolatility * Math.sqrt(seconds / secondsPerYear);
  const level = activity(noise, market.index, ts);
  const pull = -reversionPerSecond * seconds * (logPrice - market.logReference);
  let move = pull - (sigma * sigma * level * level) / 2;
  move += sigma * level * noise.normal(streamOf(market.index, stream), index);
  const jumpChance = (jumpsPerDay * seconds) / 86_400;
  if (noise.uniform(streamOf(market.index, streams.jump) + stream * 1000, index) < jumpChance) {
    move += jumpSigma * noise.normal(streamOf(market.index, streams.jumpSize), index);
  }
  return move;
}

/**
 * The price in ticks after the step over `seconds` ending at step `index`, from `priceTicks`
 * (never below one tick): the live feed's step (one second, `streams.price`) and history's minute.
 */
export function stepTicks(
  noise: NoiseSource,
  market: ModelMarket,
  priceTicks: number,
  ts: number,
  index: number,
  seconds: number,
  stream: number,
): number {
  const move = logReturn(noise, market, Math.log(priceTicks), ts, index, seconds, stream);
  return Math.max(1, Math.round(priceTicks * Math.exp(move)));
}

/** The live step of the second `second` (a whole-second counter) from `priceTicks`. */
export function secondStep(
  noise: NoiseSource,
  market: ModelMarket,
  priceTicks: number,
  second: number,
): number {
  return stepTicks(noise, market, priceTicks, second * 1000, second, 1, streams.price);
}

/** A listed market as the model reads it; `index` is its place in the feed's list (its streams). */
export function modelMarketOf(spec: MarketSpec, index: number): ModelMarket {
  const tick = 10 ** -spec.priceScale;
  return {
    index,
    annualVolatility: spec.annualVolatility,
    logReference: Math.log(Math.round(Number(spec.referencePrice) / tick)),
  };
}
