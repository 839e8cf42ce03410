// The second contract's movements in its owner's records, over real HTTP on a feed and scheduler
// the test moves: each stake, a win's payout and an equal-prints refund, each one entry of type
// `option` in the option wallet, signed as the balance moved.
import { beforeAll, describe, expect, it } from 'vitest';
import type { OptionContract } from '../../schemas/api/option.schema.ts';
import { systemClock } from '../../server/clock.ts';
import { until } from '../support/contract-crash.ts';
import { ok } from '../support/expectations.ts';
import { FakeScheduler } from '../support/fake-scheduler.ts';
import { ManualFeed } from '../support/manual-feed.ts';
import { allRecords, said } from '../support/records.ts';
import { setUpRecordsServer } from '../support/records-server.ts';
import { type SeededTrader, seedTraders } from '../support/seeded-traders.ts';

const scheduler = new FakeScheduler(Date.parse('2026-03-02T10:00:00Z'));
const feed = new ManualFeed(() => scheduler.now());
let price = '100000';
// Held until the feed starts: the market opens at the first price.
feed.print('BTCUSDT', price);
const { server, client, send, read, expectLedgerBalanced } = setUpRecordsServer(
  systemClock,
  { CONTRACT_TRADING: 'false', INDEX_STALE_SECONDS: '3', OPTION_POOL_SEED_USDT: '1000' },
  { feeds: [feed], scheduler },
);
// Runs after the server's start, which is registered first.
beforeAll(() => tick());

/** Prints the current price and moves one second on, until its print is in. */
async function tick(): Promise<void> {
  feed.print('BTCUSDT', price);
  scheduler.advance(1000);
  const second = new Date(scheduler.now() - (scheduler.now() % 1000));
  const giveUpAt = Date.now() + 60_000;
  for (;;) {
    const found = await server()
      .db.selectFrom('index_prints')
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

const order = (trader: SeededTrader, direction: 'up' | 'down') =>
  send<OptionContract>(trader.token, '/option/order', {
    symbol: 'BTCUSDT',
    direction,
    unit: 'minute',
    length: '1',
    amount: '100',
  });

const settledOf = (trader: SeededTrader, id: number) =>
  until(
    async () =>
      (
        await read<{ list: OptionContract[] }>(trader.token, '/option/orders', {
          status: 'history',
        })
      ).list.find((contract) => contract.id === id),
    (contract) => contract?.status === 'settled',
    60_000,
  );

describe('the second contract in the records', () => {
  it('shows each stake, a win’s payout and a refund', async () => {
    const [trader] = await seedTraders(server().db, 1, 1_000n * 100_000_000n, 'option');
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
    await expectLedgerBalanced();
  });
});
