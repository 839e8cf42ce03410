// How deep the liquidity provider's book is in each market: levels, their spacing and the value of
// each, from the LP_* settings (docs/operations.md § Settings). The nearest level's value is set
// for BTCUSDT and shared out to the other markets in proportion to their typical turnover
// (server/market/catalog.ts), so a quieter market gets a proportionately thinner book; LP_PROFILES
// overrides any of it per market. Amounts are whole USDT, exact.
import { knownMarkets, type MarketSpec } from '../../market/catalog.ts';

export interface DepthProfile {
  /** Distance between the best bid and the best ask, in basis points of the index. */
  spreadBps: number;
  /** Distance between two levels of one side, in basis points. */
  stepBps: number;
  /** Levels per side. */
  levels: number;
  /** Value of the level nearest the mid, whole USDT. */
  levelQuote: bigint;
  /** Each level's value over the previous one's, parts per thousand (docs/decisions.md). */
  growthPermille: number;
}

export interface ProfileSettings extends DepthProfile {
  /** A market's own values, by base asset (`ETH`), for any it sets. */
  profiles: Readonly<Record<string, Partial<DepthProfile>>>;
}

/** The market whose nearest level LP_LEVEL_USDT is; the others' scale by turnover against it. */
const referenceMarket = knownMarkets.find((market) => market.base === 'BTC');
if (!referenceMarket) throw new Error('the catalog has no BTC market');
const referenceTurnover = BigInt(referenceMarket.dailyQuoteVolume);

/** The profile `spec`'s market is quoted with. */
export function profileOf(settings: ProfileSettings, spec: MarketSpec): DepthProfile {
  const own = settings.profiles[spec.base] ?? {};
  const turnover = BigInt(spec.dailyQuoteVolume);
  // Rounded up: no market's book is thinner than its share.
  const scaled = (settings.levelQuote * turnover + referenceTurnover - 1n) / referenceTurnover;
  return {
    spreadBps: own.spreadBps ?? settings.spreadBps,
    stepBps: own.stepBps ?? settings.stepBps,
    levels: own.levels ?? settings.levels,
    levelQuote: own.levelQuote ?? scaled,
    growthPermille: own.growthPermille ?? settings.growthPermille,
  };
}

/**
 * What one side of the ladder is worth at most levels, whole USDT (rounded up): Σ level × growth^i.
 * Lot rounding adds less than a lot a level, which the inventory's margin covers.
 */
export function sideQuote(profile: DepthProfile): bigint {
  const growth = BigInt(profile.growthPermille);
  let total = 0n;
  for (let level = 0n; level < BigInt(profile.levels); level++) {
    const power = 1000n ** level;
    total += (profile.levelQuote * growth ** level + power - 1n) / power;
  }
  return total;
}
