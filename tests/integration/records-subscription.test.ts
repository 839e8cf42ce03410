// A pre-sale's movements in a subscriber's records, over real HTTP on a scheduler the test moves:
// the commitment (what left the available balance), and at distribution the refund of what the
// allocation did not use and the tokens allocated; each one entry of type `subscription`.
import { describe, expect, it } from 'vitest';
import type { SubscriptionRecord } from '../../schemas/api/subscription.schema.ts';
import { systemClock } from '../../server/clock.ts';
import { until } from '../support/contract-crash.ts';
import { ok } from '../support/expectations.ts';
import { FakeScheduler } from '../support/fake-scheduler.ts';
import { callOperator } from '../support/operator-api.ts';
import { allRecords, said } from '../support/records.ts';
import { setUpRecordsServer } from '../support/records-server.ts';
import { type SeededTrader, seedTraders } from '../support/seeded-traders.ts';

const start = Date.parse('2026-04-01T08:00:00Z');
const scheduler = new FakeScheduler(start);
const { server, client, send, read, expectLedgerBalanced } = setUpRecordsServer(
  systemClock,
  { CONTRACT_TRADING: 'false', OPTION_TRADING: 'false' },
  { scheduler },
);
const at = (seconds: number) => new Date(start + seconds * 1000);

const buy = (trader: SeededTrader, projectId: number, amount: string) =>
  send<SubscriptionRecord>(trader.token, '/subscription/buy', {
    project_id: String(projectId),
    amount,
  });

async function moveTo(seconds: number) {
  while (scheduler.now() < at(seconds).getTime()) scheduler.advance(1000);
}

describe('a pre-sale in the records', () => {
  it('shows the commitment, then the refund and the tokens allocated', async () => {
    const added = await callOperator<{ id: number }>(server(), 'subscription-add', {
      name: 'Records Pre-sale',
      asset: 'RTK',
      price: '0.05',
      supply: '1000000',
      cap: '20000',
      start: at(10).toISOString(),
      end: at(70).toISOString(),
      distribute: at(130).toISOString(),
    });
    const id = added.body.data.id;
    const traders = await seedTraders(server().db, 3, 30_000n * 100_000_000n, 'funding');
    const [a] = traders;
    if (!a) throw new Error('no traders');
    await moveTo(10);
    // 60,000 USDT asked for 50,000 USDT of tokens: each gets part, and part back.
    for (const trader of traders) ok(await buy(trader, id, '20000'));
    expect((await allRecords(client(), a.token, 'subscription')).map(said)).toEqual([
      'subscription subscription_commit funding USDT -20000',
    ]);

    await moveTo(131);
    const [mine] = await until(
      async () =>
        (await read<{ list: SubscriptionRecord[] }>(a.token, '/subscription/records')).list,
      (list) => list[0]?.stage === 'winning',
      60_000,
    );
    if (!mine?.winning || !mine.refund) throw new Error('no allocation on the record');
    const records = await allRecords(client(), a.token, 'subscription');
    expect(records.map(said).sort()).toEqual(
      [
        'subscription subscription_commit funding USDT -20000',
        `subscription subscription_refund funding USDT ${mine.refund}`,
        `subscription subscription_allocation funding RTK ${mine.winning}`,
      ].sort(),
    );
    expect(records.every((entry) => entry.link?.to === 'subscription_project')).toBe(true);
    expect(records[0]?.link?.id).toBe(String(id));
    await expectLedgerBalanced();
  });
});
