// Candles in the database: written in batches as they change, read back at start and for history
// older than the window kept in memory.

import { type Selectable, sql } from 'kysely';
import type { Candle } from '../../core/market/candle.ts';
import { fromUnits, toUnits } from '../../core/market/units.ts';
import type { KlinePeriod } from '../../schemas/api/market.schema.ts';
import type { Db } from '../db/database.ts';
import type { CandlesTable } from '../db/tables.ts';
import type { MarketSpec } from './catalog.ts';

/** Rows per insert: nine parameters each, far below PostgreSQL's 65,535. */
const batchRows = 1000;

export interface StoredCandle {
  spec: MarketSpec;
  period: KlinePeriod;
  candle: Candle;
}

export async function saveCandles(db: Db, rows: readonly StoredCandle[]): Promise<void> {
  for (let i = 0; i < rows.length; i += batchRows) {
    const values = rows.slice(i, i + batchRows).map(({ spec, period, candle }) => {
      const price = (units: number) => fromUnits(units, spec.priceScale);
      return {
        symbol: spec.symbol,
        period,
        open_time: candle.t,
        open: price(candle.o),
        high: price(candle.h),
        low: price(candle.l),
        close: price(candle.c),
        volume: fromUnits(candle.v, spec.quantityScale),
        quote_volume: price(candle.q),
      };
    });
    await db
      .insertInto('candles')
      .values(values)
      .onConflict((conflict) =>
        conflict.columns(['symbol', 'period', 'open_time']).doUpdateSet((eb) => ({
          high: eb.ref('excluded.high'),
          low: eb.ref('excluded.low'),
          close: eb.ref('excluded.close'),
          volume: eb.ref('excluded.volume'),
          quote_volume: eb.ref('excluded.quote_volume'),
        })),
      )
      .execute();
  }
}

/** Up to `limit` stored candles that opened before `before`, oldest first. */
export async function loadCandles(
  db: Db,
  spec: MarketSpec,
  period: KlinePeriod,
  limit: number,
  before = Number.MAX_SAFE_INTEGER,
): Promise<Candle[]> {
  const rows = await db
    .selectFrom('candles')
    .selectAll()
    .where('symbol', '=', spec.symbol)
    .where('period', '=', period)
    .where('open_time', '<', before)
    .orderBy('open_time', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse().map((row) => candleFromRow(row, spec));
}

/**
 * The newest `limit` stored candles of `period` for each market, oldest first: one statement for
 * every market, each reading only its newest rows from the key's index.
 */
export async function loadNewest(
  db: Db,
  specs: readonly MarketSpec[],
  period: KlinePeriod,
  limit: number,
): Promise<Map<string, Candle[]>> {
  const newest = new Map<string, Candle[]>(specs.map((spec) => [spec.symbol, []]));
  if (specs.length === 0) return newest;
  const symbols = sql.join(specs.map((spec) => sql`(${spec.symbol})`));
  const { rows } = await sql<Selectable<CandlesTable>>`
    select c.* from (values ${symbols}) as k(symbol)
    cross join lateral (
      select * from candles
      where candles.symbol = k.symbol and candles.period = ${period}
      order by open_time desc
      limit ${limit}
    ) c`.execute(db);
  const bySymbol = new Map(specs.map((spec) => [spec.symbol, spec]));
  for (const row of rows) {
    const spec = bySymbol.get(row.symbol);
    if (spec) newest.get(row.symbol)?.push(candleFromRow(row, spec));
  }
  for (const candles of newest.values()) candles.sort((a, b) => a.t - b.t);
  return newest;
}

function candleFromRow(row: Selectable<CandlesTable>, spec: MarketSpec): Candle {
  // Stored decimals carry the scale of the day they were written; round to today's.
  const price = (text: string) => toUnits(trimZeros(text), spec.priceScale, true) ?? 0;
  return {
    t: Number(row.open_time),
    o: price(row.open),
    h: price(row.high),
    l: price(row.low),
    c: price(row.close),
    v: toUnits(trimZeros(row.volume), spec.quantityScale, true) ?? 0,
    q: price(row.quote_volume),
  };
}

/** `numeric(38, 12)` answers twelve decimals; the trailing zeros are not precision. */
function trimZeros(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}
