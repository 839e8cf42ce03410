// The spot trade page's address: `/pages/spot/trade?symbol=BTCUSDT`. A missing or malformed symbol
// falls back to the default market, since the link may be typed or shared.
import { parseSymbol } from '../market/market-query.ts';

export const spotTradePath = '/pages/spot/trade';

export const parseSpotSymbol = parseSymbol;

/** `BTCUSDT` → `BTC/USDT`, as symbols are written on screen. */
export function pairName(base: string, quote: string): string {
  return `${base}/${quote}`;
}
