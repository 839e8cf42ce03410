// Candle periods: their length and the bucket a time falls into. Buckets are aligned to UTC
// midnight, as on every major exchange, so a 4h candle opens at 00:00, 04:00, … UTC.
import type { KlinePeriod } from '../../schemas/api/market.schema.ts';

const minute = 60_000;

export const periodMs: Readonly<Record<KlinePeriod, number>> = {
  '1m': minute,
  '5m': 5 * minute,
  '15m': 15 * minute,
  '30m': 30 * minute,
  '1h': 60 * minute,
  '4h': 240 * minute,
  '1d': 1440 * minute,
};

/** The open time of the candle of `period` that contains `ts`. */
export function bucketStart(ts: number, period: KlinePeriod): number {
  const length = periodMs[period];
  return ts - (((ts % length) + length) % length);
}
