// The spot trade page's address: `/pages/spot/trade?symbol=BTCUSDT`. A missing or malformed symbol
// falls back to the default market, since the link may be typed or shared.
import { symbolSchema } from '../../schemas/api/market.schema.ts';
import { defaultSymbol } from '../market/market-query.ts';

export const spotTradePath = '/pages/spot/trade';

export function parseSpotSymbol(search: Readonly<Record<string, unknown>>): string {
  const symbol = symbolSchema.safeParse(search.symbol);
  return symbol.success ? symbol.data : defaultSymbol;
}

/** `BTCUSDT` → `BTC/USDT`, as symbols are written on screen. */
export function pairName(base: string, quote: string): string {
  return `${base}/${quote}`;
}
