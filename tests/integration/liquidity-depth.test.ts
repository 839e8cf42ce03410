// The liquidity provider's default book over real HTTP, with the index held at BTCUSDT's reference
// price: each side of the BTC spot book and of the BTC perpetual's book holds at least 2,000,000
// USDT within 1 % of the index once the provider has quoted, and a retail-sized order (0.6 BTC, a
// market buy on spot and a market long on the perpetual) fills whole against it. Every wait is
// for a condition, with the test's timeout as the limit.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAmount } from '../../core/money.ts';
import type { ContractOrder } from '../../schemas/api/contract.schema.ts';
import type { SpotOrder } from '../../schemas/api/spot.schema.ts';
import { systemClock } from '../../server/clock.ts';
import { auditLedger } from '../../server/ledger-audit.ts';
import { ApiClient } from '../support/api-client.ts';
import { ok } from '../support/expectations.ts';
import { type InProcessServer, startInProcessServer } from '../support/in-process-server.ts';
import { ManualFeed } from '../support/manual-feed.ts';
import { type SeededTrader, seedTraders } from '../support/seeded-traders.ts';

const index = '97000';
const feed = new ManualFeed();
let server: InProcessServer;
const client = () => new ApiClient(server.url);

beforeAll(async () => {
  feed.print('BTCUSDT', index);
  // The provider's settings are the defaults; only the index is held still.
  server = await startInProcessServer(
    systemClock,
    { INDEX_STALE_SECONDS: '3600', INDEX_MAX_DEVIATION_PCT: '50' },
    undefined,
    { feeds: [feed] },
  );
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const atoms = (text: string) => parseAmount(text) ?? 0n;
const usdt = 100_000_000n;

type Depth = { bids: [string, string][]; asks: [string, string][] };

/** Quote atoms (× 10^8) resting on each side no further than 1 % from the index. */
function withinOnePercent(depth: Depth): { bids: bigint; asks: bigint } {
  const center = atoms(index);
  const value = (levels: [string, string][], inside: (price: bigint) => boolean) =>
    levels
      .map(([price, quantity]) => [atoms(price), atoms(quantity)] as const)
      .filter(([price]) => inside(price))
      .reduce((sum, [price, quantity]) => sum + (price * quantity) / usdt, 0n);
  return {
    bids: value(depth.bids, (price) => price * 100n >= center * 99n),
    asks: value(depth.asks, (price) => price * 100n <= center * 101n),
  };
}

/** Polls `read` until `done` holds; the test's timeout bounds the wait. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const deep = (depth: { bids: bigint; asks: bigint }) =>
  depth.bids >= 2_000_000n * usdt && depth.asks >= 2_000_000n * usdt;

const bookOf = (path: string) => async () =>
  withinOnePercent(ok(await client().get<Depth>(path, { symbol: 'BTCUSDT', limit: '100' })));

const call = <T>(trader: SeededTrader, path: string, body: Record<string, string>) =>
  client().post<T>(path, body, {
    token: trader.token,
    headers: { 'idempotency-key': randomUUID() },
  });

describe("the liquidity provider's default book on BTCUSDT", () => {
  it('holds 2,000,000 USDT a side within 1 % on spot, and fills a 0.6 BTC market buy whole', async () => {
    const depth = await until(bookOf('/market/depth'), deep);
    expect(depth.bids).toBeGreaterThanOrEqual(2_000_000n * usdt);
    expect(depth.asks).toBeGreaterThanOrEqual(2_000_000n * usdt);

    const [buyer] = await seedTraders(server.db, 1, 100_000n * usdt, 'funding');
    if (!buyer) throw new Error('no trader');
    // 0.6 BTC at up to 1 % over the index is at most 58,782 USDT: this spends more than that.
    const bought = ok(
      await call<SpotOrder>(buyer, '/spot/order', {
        symbol: 'BTCUSDT',
        side: 'buy',
        type: 'market',
        turnover: '60000',
      }),
    );
    expect(bought.status).toBe('filled');
    expect(atoms(bought.filled_quantity)).toBeGreaterThanOrEqual(atoms('0.6'));
    // All the turnover but what buys less than a lot (0.00001 BTC, under 1 USDT).
    expect(atoms('60000') - atoms(bought.filled_quote)).toBeLessThan(usdt);
  });

  it('holds 2,000,000 USDT a side within 1 % on the perpetual, and fills a 0.6 BTC market long whole', async () => {
    // A market order needs the mark, recorded once a second.
    await until(
      async () =>
        ok(
          await client().get<{ list: { symbol: string; mark_price: string | null }[] }>(
            '/contract/markets',
          ),
        ).list.find((market) => market.symbol === 'BTCUSDT')?.mark_price ?? null,
      (mark) => mark !== null,
    );
    const depth = await until(bookOf('/contract/depth'), deep);
    expect(depth.bids).toBeGreaterThanOrEqual(2_000_000n * usdt);
    expect(depth.asks).toBeGreaterThanOrEqual(2_000_000n * usdt);

    const [long] = await seedTraders(server.db, 1, 100_000n * usdt);
    if (!long) throw new Error('no trader');
    const opened = ok(
      await call<ContractOrder>(long, '/contract/open', {
        symbol: 'BTCUSDT',
        direction: 'long',
        type: 'market',
        quantity: '0.6',
        leverage: '10',
        margin_mode: 'cross',
      }),
    );
    expect(opened.status).toBe('filled');
    expect(atoms(opened.filled_quantity)).toBe(atoms('0.6'));
    expect(await auditLedger(server.db)).toEqual([]);
  });
});
