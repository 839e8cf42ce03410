// Candles in the database: written in batches as they change, read back at start and for history
// older than the window kept in memory.

import type { Selectable } from 'kysely';
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
