// The chart's accessible name: the market as the screen writes it and the timeframe.
import { displaySymbol } from '../market/market-symbol.ts';

export function chartName(symbol: string, period: string): string {
  return `${displaySymbol(symbol)} ${period}`;
}
