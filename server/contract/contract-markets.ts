// The perpetual markets: one per listed market, USDT-margined and linear. Each is a market on the
// exchange's own book (server/market-kernel/book-market.ts: the catalog's decimals, tick and lot,
// so the same engine rules apply) with its own fee rates and band, and adds its leverage brackets. The engine counts in the market's units; the margin formulas in
// `core/contract/` count in ledger atoms; the conversions between them are exact.
import { type Bracket, bracketsOf, defaultTiers } from '../../core/contract/brackets.ts';
import type { PriceBand } from '../../core/market/price-band.ts';
import type { MarketSpec } from '../market/catalog.ts';
import { type BookMarket, bookMarketOf, type FeeRates } from '../market-kernel/book-market.ts';

export interface ContractMarket extends BookMarket {
  brackets: readonly Bracket[];
  /** The first bracket's leverage: the most any order may use. */
  maxLeverage: number;
}

/**
 * Binance's USDⓈ-M PERCENT_PRICE on BTCUSDT: a buy at most 1.05 times the mark, a sell at least
 * 0.95 times it, the other way open (CONTRACT_PRICE_BAND_UP / _DOWN, docs/operations.md).
 */
export const defaultContractBand: PriceBand = {
  bidUpPpm: 1_050_000,
  bidDownPpm: null,
  askUpPpm: null,
  askDownPpm: 950_000,
};

export function contractMarketOf(
  spec: MarketSpec,
  minNotionalQuote: bigint,
  fees: FeeRates,
  band: PriceBand = defaultContractBand,
): ContractMarket {
  const brackets = bracketsOf(defaultTiers);
  return {
    ...bookMarketOf(spec, minNotionalQuote, fees, band),
    brackets,
    maxLeverage: brackets[0]?.maxLeverage ?? 1,
  };
}

/** Quote atoms per whole coin for a price in the market's units. */
export function priceAtoms(market: ContractMarket, price: number): bigint {
  return BigInt(price) * 10n ** BigInt(8 - market.priceScale);
}

/** Base atoms for a quantity in the market's units. */
export function quantityAtoms(market: ContractMarket, quantity: number): bigint {
  return BigInt(quantity) * 10n ** BigInt(8 - market.quantityScale);
}

/** Base atoms as the market's units (exact for quantities the engine produced). */
export function quantityUnits(market: ContractMarket, atoms: bigint): number {
  return Number(atoms / 10n ** BigInt(8 - market.quantityScale));
}

/** A price in atoms as units: rounded up to the tick, or down. */
export function priceUnits(market: ContractMarket, atoms: bigint, round: 'up' | 'down'): number {
  const step = 10n ** BigInt(8 - market.priceScale) * BigInt(market.rules.tickSize);
  const ticks = round === 'up' ? (atoms + step - 1n) / step : atoms / step;
  return Number(ticks) * market.rules.tickSize;
}
