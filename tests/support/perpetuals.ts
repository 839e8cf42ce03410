// A perpetual market as the writer tests and benches trade it: a known market's rules, a minimum
// order value of 5 USDT, maker and taker fees of 0.02 % and 0.05 %, no price band.
import { type ContractMarket, contractMarketOf } from '../../server/contract/contract-markets.ts';
import { knownMarkets } from '../../server/market/catalog.ts';

export function perpetual(symbol: string): ContractMarket {
  const spec = knownMarkets.find((market) => market.symbol === symbol);
  if (!spec) throw new Error(`${symbol} is not a known market`);
  return contractMarketOf(spec, 5n, { makerPpm: 200, takerPpm: 500 });
}
