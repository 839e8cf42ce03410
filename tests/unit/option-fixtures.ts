// Second contracts, products, prints and verifications as the server answers them, for the
// client's tests: a one-minute BTCUSDT up contract placed at 12:00:00.400, opening at 12:00:01.
import type { OptionContract } from '../../schemas/api/option.schema.ts';
import type { IndexPrintRow } from '../../schemas/api/prints.schema.ts';

export const acceptedAt = Date.parse('2025-01-01T12:00:00.400Z');
export const openAt = Date.parse('2025-01-01T12:00:01.000Z');
export const expiryAt = openAt + 60_000;

const iso = (ms: number) => new Date(ms).toISOString();

export const products = {
  enabled: true,
  markets: ['BTCUSDT', 'ETHUSDT'],
  products: [
    { unit: 'hour' as const, length: 1, payout_rate: '0.85' },
    { unit: 'minute' as const, length: 5, payout_rate: '0.82' },
    { unit: 'minute' as const, length: 1, payout_rate: '0.8' },
    { unit: 'day' as const, length: 1, payout_rate: '0.88' },
  ],
  min_stake: '10',
  max_stake: '10000',
  open_limit: 20,
};

export function contract(id: number, overrides: Partial<OptionContract> = {}): OptionContract {
  return {
    id,
    symbol: 'BTCUSDT',
    direction: 'up',
    unit: 'minute',
    length: 1,
    stake: '10',
    payout_rate: '0.8',
    accepted_at: iso(acceptedAt),
    open_time: iso(openAt),
    expiry_time: iso(expiryAt),
    open_price: null,
    open_print_at: null,
    settle_price: null,
    settle_print_at: null,
    status: 'open',
    outcome: null,
    payout: null,
    settled_at: null,
    ...overrides,
  };
}

/** The contract settled on these two prices, with what the rule pays. */
export function settled(
  id: number,
  outcome: OptionContract['outcome'],
  overrides: Partial<OptionContract> = {},
): OptionContract {
  const payout = outcome === 'win' ? '18' : outcome === 'lose' ? '0' : '10';
  return contract(id, {
    open_price: '84000.5',
    open_print_at: iso(openAt),
    settle_price: outcome === 'lose' ? '83990' : outcome === 'win' ? '84010' : '84000.5',
    settle_print_at: iso(expiryAt),
    status: 'settled',
    outcome,
    payout,
    settled_at: iso(expiryAt + 300),
    ...overrides,
  });
}

/** A recorded print `seconds` after the opening second. */
export function print(seconds: number, price: string, stale = false): IndexPrintRow {
  return {
    ts: iso(openAt + seconds * 1000),
    price,
    sources: stale ? [] : ['simulated'],
    stale,
  };
}
