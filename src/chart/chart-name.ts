// The chart's accessible name: the market as the screen writes it and the timeframe.

/** `BTCUSDT` on the wire is `BTC/USDT` on screen (design.md §6). */
export function displaySymbol(symbol: string): string {
  return symbol.endsWith('USDT') && symbol.length > 4 ? `${symbol.slice(0, -4)}/USDT` : symbol;
}

export function chartName(symbol: string, period: string): string {
  return `${displaySymbol(symbol)} ${period}`;
}
