// How the spot pages write a market: `BTCUSDT` on the wire, `BTC/USDT` on screen. The trade page's
// query (`?symbol=BTCUSDT`, the default market when missing or malformed) is its route's to read
// (src/routes/route-search.ts).

/** `BTCUSDT` → `BTC/USDT`, as symbols are written on screen. */
export function pairName(base: string, quote: string): string {
  return `${base}/${quote}`;
}
