// The perpetual book as the futures tests read it over the API: sizes in ETH's lot exactly, what a
// sell must bring to reach a resting bid, more than the asks hold, and prices a share away.
import type { ApiClient } from '../support/api-client.ts';

/** A decimal string in units of 10^-4 (ETH's lot), exactly. */
const tenThousandths = (decimal: string) => {
  const [whole = '0', fraction = ''] = decimal.split('.');
  return BigInt(whole) * 10_000n + BigInt(fraction.padEnd(4, '0').slice(0, 4));
};

/**
 * What a sell at `price` must bring to reach an order resting there: every bid at that price or
 * above, and half again, since the provider's ladder may move up meanwhile.
 */
export async function sellingThrough(api: ApiClient, price: string): Promise<string> {
  const book = await api.get<{ bids: [string, string][] }>('/contract/depth', {
    symbol: 'ETHUSDT',
    limit: '100',
  });
  const floor = tenThousandths(price);
  const units = book.body.data.bids
    .filter(([bid]) => tenThousandths(bid) >= floor)
    .reduce((sum, [, quantity]) => sum + tenThousandths(quantity), 0n);
  const selling = (units * 3n) / 2n + 1n;
  return `${selling / 10_000n}.${String(selling % 10_000n).padStart(4, '0')}`;
}

/** Twice every ask of the perpetual's book the server lists, in ETH: more than it can fill. */
export async function beyondTheAsks(api: ApiClient): Promise<string> {
  const book = await api.get<{ asks: [string, string][] }>('/contract/depth', {
    symbol: 'ETHUSDT',
    limit: '100',
  });
  const units = book.body.data.asks.reduce((sum, [, size]) => sum + tenThousandths(size), 0n);
  const buying = units * 2n + 1n;
  return `${buying / 10_000n}.${String(buying % 10_000n).padStart(4, '0')}`;
}

/** Whole USDT a fraction of the way from `price`: `parts` per thousand. */
export const shifted = (price: string, parts: bigint) =>
  ((BigInt(price.split('.')[0] ?? '0') * parts) / 1000n).toString();
