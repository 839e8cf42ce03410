// How a market is named on screen: `BTCUSDT` on the wire is `BTC/USDT` (design.md §6).

const quote = 'USDT';

export function displaySymbol(symbol: string): string {
  return symbol.endsWith(quote) && symbol.length > quote.length
    ? `${symbol.slice(0, -quote.length)}/${quote}`
    : symbol;
}
