// The second contract's movements in its owner's records, over real HTTP on a feed and scheduler
// the test moves: each stake, a win's payout and an equal-prints refund, each one entry of type
// `option` in the option wallet, signed as the balance moved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OptionContract } from '../../schemas/api/option.schema.ts';
import { systemClock } from '../../server/clock.ts';
import { auditLedger } from '../../server/ledger-audit.ts';
import { type Answer, ApiClient } from '../support/api-client.ts';
import { until } from '../support/contract-crash.ts';
import { expectOk } from '../support/expectations.ts';
import { FakeScheduler } from '../support/fake-scheduler.ts';
import { type InProcessServer, startInProcessServer } from '../support/in-process-server.ts';
import { ManualFeed } from '../support/manual-feed.ts';
import { allRecords, said } from '../support/records.ts';
import { type SeededTrader, seedTraders } from '../support/seeded-traders.ts';

const scheduler = new FakeScheduler(Date.parse('2026-03-02T10:00:00Z'));
const feed = new ManualFeed(() => scheduler.now());
let server: InProcessServer;
let price = '100000';
const client = () => new ApiClient(server.url);

beforeAll(async () => {
  feed.print('BTCUSDT', price);
  server = await startInProcessServer(
    systemClock,
    {
      LIQUIDITY_PROVIDER: 'false',
      CONTRACT_TRADING: 'false',
      INDEX_STALE_SECONDS: '3',
      OPTION_POOL_SEED_USDT: '1000',
    },
    undefined,
    { feeds: [feed], scheduler },
  );
  await tick();
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

/** Prints the current price and moves one second on, until its print is in. */
async function tick(): Promise<void> {
  feed.print('BTCUSDT', price);
  scheduler.advance(1000);
  const second = new Date(scheduler.now() - (scheduler.now() % 1000));
  const giveUpAt = Date.now() + 60_000;
  for (;;) {
    const found = await server.db
      .selectFrom('index_prints')
      .select('ts')
      .where('symbol', '=', 'BTCUSDT')
      .where('ts', '=', second)
      .executeTakeFirst();
    if (found) return;
    if (Date.now() > giveUpAt) throw new Error(`no print for ${second.toISOString()}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function seconds(count: number): Promise<void> {
  for (let i = 0; i < count; i++) await tick();
}

function ok<T>(answer: Answer<T>): T {
  expectOk(answer);
  return answer.body.data;
}

const order = (trader: SeededTrader, direction: 'up' | 'down') =>
  client().post<OptionContract>(
    '/option/order',
    { symbol: 'BTCUSDT', direction, unit: 'minute', length: '1', amount: '100' },
    { token: trader.token, headers: { 'idempotency-key': crypto.randomUUID() } },
  );

const settledOf = (trader: SeededTrader, id: number) =>
  until(
    async () =>
      ok(
        await client().get<{ list: OptionContract[] }>(
          '/option/orders',
          { status: 'history' },
          { token: trader.token },
        ),
      ).list.find((contract) => contract.id === id),
    (contract) => contract?.status === 'settled',
    60_000,
  );

describe('the second contract in the records', () => {
  it('shows each stake, a win’s payout and a refund', async () => {
    const [trader] = await seedTraders(server.db, 1, 1_000n * 100_000_000n, 'option');
    if (!trader) throw new Error('no trader');
    scheduler.advance(300);
    const won = ok(await order(trader, 'up'));
    await tick();
    price = '100500';
    await seconds(60);
    expect(await settledOf(trader, won.id)).toMatchObject({ outcome: 'win', payout: '180' });
    // Equal prints at open and expiry: the stake comes back.
    const refunded = ok(await order(trader, 'down'));
    await seconds(62);
    expect(await settledOf(trader, refunded.id)).toMatchObject({ outcome: 'refund' });

    const records = await allRecords(client(), trader.token, 'option');
    expect(records.map(said)).toEqual([
      'option option_payout option USDT 100',
      'option option_stake option USDT -100',
      'option option_payout option USDT 180',
      'option option_stake option USDT -100',
    ]);
    expect(records[3]?.link).toEqual({ to: 'option_contract', id: String(won.id) });
    expect(await auditLedger(server.db)).toEqual([]);
  });
});
