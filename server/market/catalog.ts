// The markets an exchange lists: their symbols, precision and the parameters the simulated feed
// draws them with. Which of them are listed is a setting (`MARKETS`); the table below is what the
// embedded default knows how to simulate.

export interface MarketSpec {
  symbol: string;
  base: string;
  quote: 'USDT';
  /** Decimals of a price: one tick is 10^-priceScale. */
  priceScale: number;
  /** Decimals of a quantity: one lot is 10^-quantityScale. */
  quantityScale: number;
  /** Where the simulated price starts and slowly reverts to (a plausible level, not a quote). */
  referencePrice: string;
  /** Annualised volatility of the simulated price, e.g. 0.6 for 60 %. */
  annualVolatility: number;
  /** Typical 24 h turnover of the simulated market in USDT, spread over its trades. */
  dailyQuoteVolume: number;
}

const spec = (
  base: string,
  priceScale: number,
  quantityScale: number,
  referencePrice: string,
  annualVolatility: number,
  dailyQuoteVolume: number,
): MarketSpec => ({
  symbol: `${base}USDT`,
  base,
  quote: 'USDT',
  priceScale,
  quantityScale,
  referencePrice,
  annualVolatility,
  dailyQuoteVolume,
});

/** Precision as the largest spot exchanges quote these markets. */
export const knownMarkets: readonly MarketSpec[] = [
  spec('BTC', 2, 5, '97000.00', 0.55, 1_200_000_000),
  spec('ETH', 2, 4, '3400.00', 0.7, 600_000_000),
  spec('SOL', 2, 3, '180.00', 0.95, 300_000_000),
  spec('XRP', 4, 1, '2.2000', 0.9, 200_000_000),
  spec('DOGE', 5, 0, '0.32000', 1.1, 150_000_000),
  spec('BNB', 2, 3, '650.00', 0.6, 100_000_000),
  spec('ADA', 4, 1, '0.8500', 0.9, 60_000_000),
  spec('LTC', 2, 3, '105.00', 0.8, 50_000_000),
  spec('TRX', 5, 1, '0.25000', 0.6, 40_000_000),
  spec('AVAX', 2, 2, '38.00', 1.0, 40_000_000),
  spec('DOT', 3, 2, '7.500', 0.9, 30_000_000),
  spec('LINK', 2, 2, '22.00', 0.9, 30_000_000),
];

export const defaultMarkets = ['BTC', 'ETH', 'SOL', 'XRP', 'DOGE', 'BNB', 'ADA', 'LTC'] as const;

/** The listed markets, in the order given; unknown bases are refused by the settings check. */
export function marketsFor(bases: readonly string[]): MarketSpec[] {
  return bases.map((base) => {
    const market = knownMarkets.find((candidate) => candidate.base === base);
    if (!market) throw new Error(`unknown market ${base}`);
    return market;
  });
}
