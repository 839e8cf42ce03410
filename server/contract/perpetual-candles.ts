// Each perpetual's own candles: its fills (its last price, the rows of `contract_fills`) folded
// into every period by the market's aggregator (server/market/candle-aggregator.ts), quiet
// stretches filled with flat candles at the last close. Seeded at start from the fills of the last
// day (at most `seedFills` a market, read newest first from `contract_fills_symbol_idx`), then fed
// each committed batch's fills. They live in memory only: `/contract/kline` answers what is kept
// (the seeded day and everything since the start, up to `keptCandles` a period), and the socket
// publishes each tick's changed candles on `perpetual-kline.<SYMBOL>.<period>`
// (docs/contracts.md § "The perpetual's chart").
import { type Candle, quoteTicks } from '../../core/market/candle.ts';
import { toUnits } from '../../core/market/units.ts';
import { type KlinePeriod, klinePeriods } from '../../schemas/api/market.schema.ts';
import type { Db } from '../db/database.ts';
import { CandleAggregator } from '../market/candle-aggregator.ts';
import type { ContractCommitted } from './contract-engine.ts';
import type { ContractMarket } from './contract-markets.ts';

/** How far back the start reads fills, and how many a market at most. */
export const seedWindowMs = 24 * 60 * 60 * 1000;
export const seedFills = 20_000;
/** Candles kept a period and market: a week of minutes. */
export const keptCandles = 10_080;

/** One fill as the candles take it: price ticks, quantity lots, time (ms). */
export interface CandleFill {
  price: number;
  quantity: number;
  ts: number;
}

/** A market's candles that changed since the last drain, by period. */
export type CandleChanges = { period: KlinePeriod; candles: Candle[] }[];

export class PerpetualCandles {
  readonly #markets: ReadonlyMap<string, ContractMarket>;
  readonly #candles = new Map<string, CandleAggregator>();
  /** Batches committed while the start reads fills back; folded after, those not read. */
  #waiting: ContractCommitted[] | null = null;

  constructor(markets: ReadonlyMap<string, ContractMarket>) {
    this.#markets = markets;
    for (const symbol of markets.keys())
      this.#candles.set(symbol, new CandleAggregator(keptCandles));
  }

  /**
   * Reads back each market's fills of the last day before `now`. A batch committed meanwhile is
   * held until the read ends, then folded unless the read already saw it (its time is no later
   * than the newest fill read; batches commit one after another, their times never going back).
   */
  async seed(db: Db, now: number): Promise<void> {
    this.#waiting = [];
    // A start after a stop (a lease lost and gained again) reads everything back afresh.
    for (const symbol of this.#markets.keys()) {
      this.#candles.set(symbol, new CandleAggregator(keptCandles));
    }
    let newest = Number.NEGATIVE_INFINITY;
    try {
      for (const [symbol, market] of this.#markets) {
        const fills = await readFills(db, market, now - seedWindowMs, seedFills);
        for (const fill of fills) this.#fold(symbol, market, fill);
        newest = Math.max(newest, fills.at(-1)?.ts ?? newest);
      }
      // What was read back is history, not news: the channels publish from here on.
      this.drain();
    } finally {
      const waiting = this.#waiting;
      this.#waiting = null;
      for (const committed of waiting) if (committed.ts > newest) this.committed(committed);
    }
  }

  /** A committed batch: its fills into their markets' candles, at the batch's time. */
  committed(committed: ContractCommitted): void {
    if (this.#waiting) {
      this.#waiting.push(committed);
      return;
    }
    for (const fill of committed.effects.fills) {
      const market = this.#markets.get(fill.symbol);
      if (!market) continue;
      this.#fold(fill.symbol, market, { ...fill, ts: committed.ts });
    }
  }

  /** Up to `limit` candles of a market that opened before `before`, oldest first. */
  kline(symbol: string, period: KlinePeriod, limit: number, before?: number): Candle[] {
    return this.#candles.get(symbol)?.series[period].before(limit, before) ?? [];
  }

  /** A market's open candle of a period, for a new subscriber. */
  open(symbol: string, period: KlinePeriod): Candle | undefined {
    return this.#candles.get(symbol)?.series[period].last();
  }

  /** The candles each market changed since the last call, by period (markets without any left out). */
  drain(): Map<string, CandleChanges> {
    const changes = new Map<string, CandleChanges>();
    for (const [symbol, aggregator] of this.#candles) {
      const changed = klinePeriods.flatMap((period) => {
        const candles = aggregator.takeChanged(period);
        return candles.length > 0 ? [{ period, candles }] : [];
      });
      // Nothing here is stored: the watermark of unstored candles is dropped with the rest.
      aggregator.takeUnstored();
      if (changed.length > 0) changes.set(symbol, changed);
    }
    return changes;
  }

  #fold(symbol: string, market: ContractMarket, fill: CandleFill): void {
    const quote = quoteTicks(fill.price, fill.quantity, market.quantityScale);
    this.#candles.get(symbol)?.trade(fill.price, fill.quantity, quote, fill.ts);
  }
}

/** A market's fills since `since`, at most `limit` (the newest), oldest first. */
async function readFills(
  db: Db,
  market: ContractMarket,
  since: number,
  limit: number,
): Promise<CandleFill[]> {
  const rows = await db
    .selectFrom('contract_fills')
    .select(['price', 'quantity', 'created_at'])
    .where('symbol', '=', market.symbol)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  const fills: CandleFill[] = [];
  for (const row of rows.reverse()) {
    const ts = new Date(row.created_at as Date | string).getTime();
    const price = toUnits(String(row.price), market.priceScale, true);
    const quantity = toUnits(String(row.quantity), market.quantityScale, true);
    if (ts < since || price === null || quantity === null || price <= 0) continue;
    fills.push({ price, quantity, ts });
  }
  return fills;
}
