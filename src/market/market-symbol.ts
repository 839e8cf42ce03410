// How a market is named on screen: `BTCUSDT` on the wire is `BTC/USDT` (docs/product.md §11).

const quote = 'USDT';

export function displaySymbol(symbol: string): string {
  return symbol.endsWith(quote) && symbol.length > quote.length
    ? `${symbol.slice(0, -quote.length)}/${quote}`
    : symbol;
}
