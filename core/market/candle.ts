// One candle in integer units (price ticks, quantity lots) and how trades and shorter candles
// fold into it. Shared by the server's aggregation and the tests' naive reference.

export interface Candle {
  /** Open time, ms since the epoch, aligned to the period. */
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
  /** Base volume in lots. */
  v: number;
  /** Quote volume in price ticks (each trade's price × quantity, rounded to the tick). */
  q: number;
}

/** A trade's quote amount in price ticks: ticks × lots scaled back by the quantity's decimals. */
export function quoteTicks(price: number, quantity: number, quantityScale: number): number {
  return Math.round((price * quantity) / 10 ** quantityScale);
}

export function candleOf(t: number, price: number, quantity: number, quote: number): Candle {
  return { t, o: price, h: price, l: price, c: price, v: quantity, q: quote };
}

/** Folds a trade into the open candle, in place. */
export function addTrade(candle: Candle, price: number, quantity: number, quote: number): void {
  if (price > candle.h) candle.h = price;
  if (price < candle.l) candle.l = price;
  candle.c = price;
  candle.v += quantity;
  candle.q += quote;
}

/** Folds a later, shorter candle into a longer one that contains it, in place. */
export function addCandle(candle: Candle, later: Candle): void {
  if (later.h > candle.h) candle.h = later.h;
  if (later.l < candle.l) candle.l = later.l;
  candle.c = later.c;
  candle.v += later.v;
  candle.q += later.q;
}
