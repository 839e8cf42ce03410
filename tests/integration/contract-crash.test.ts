// The crash (tests/support/contract-crash.ts): 1,000 leveraged BTC positions open at 100,000, a
// bidder rests a little below, and the index falls 20 % in one print. Exactly the longs whose
// shown liquidation price the mark reached are liquidated, once each, at the price shown, through
// the bidder's orders and auto-deleveraging; no balance goes below zero, longs and shorts still
// hold the same quantity, the insurance fund is not below zero, and the ledger check holds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../server/clock.ts';
import { ApiClient } from '../support/api-client.ts';
import {
  crashFrom,
  crashTo,
  expectCrashSettled,
  markOf,
  openCrashPositions,
  until,
} from '../support/contract-crash.ts';
import { expectOk } from '../support/expectations.ts';
import { type InProcessServer, startInProcessServer } from '../support/in-process-server.ts';
import { ManualFeed } from '../support/manual-feed.ts';

const feed = new ManualFeed();
let server: InProcessServer;

beforeAll(async () => {
  feed.print('BTCUSDT', String(crashFrom));
  server = await startInProcessServer(
    systemClock,
    {
      LIQUIDITY_PROVIDER: 'false',
      // The index takes the 20 % fall in one print, and stays fresh for the test's length.
      INDEX_MAX_DEVIATION_PCT: '50',
      INDEX_STALE_SECONDS: '3600',
    },
    undefined,
    { feeds: [feed] },
  );
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe('a 20 % crash with 1,000 positions open', () => {
  it('liquidates exactly the positions whose shown price the mark reached', async () => {
    await until(
      () => markOf(server.url),
      (mark) => mark === '100000.00',
    );
    const crash = await openCrashPositions(server.url, server.db);
    feed.print('BTCUSDT', String(crashTo));
    await expectCrashSettled(server.db, crash);
    // Its owner sees each liquidation with the inputs that decided it.
    const [id] = crash.doomed;
    const owner = crash.owners.get(id as number);
    const answer = await new ApiClient(server.url).get<{
      list: { position_id: number; mark_price: string; liquidation_price: string | null }[];
    }>('/contract/liquidations', {}, { token: owner?.token ?? '' });
    expectOk(answer);
    expect(answer.body.data.list).toEqual([
      expect.objectContaining({
        position_id: id,
        mark_price: '80000.00',
        liquidation_price: crash.shown.get(id as number)?.liquidation_price,
        maintenance_rate: '0.004',
      }),
    ]);
  }, 300_000);
});
