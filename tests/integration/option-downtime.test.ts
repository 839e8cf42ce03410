// A second contract whose expiry passes while the server is down, on a simulated clock over
// PostgreSQL: the server that starts afterwards finds it open, finds no print within 5 seconds of
// its expiry (nobody recorded one), and voids it by the published rule, refunding the stake once.
// The opening print the first server recorded is kept with the settlement. Runs where PostgreSQL
// answers.
import { describe, expect, it } from 'vitest';
import type { OptionContract } from '../../schemas/api/option.schema.ts';
import { systemClock } from '../../server/clock.ts';
import { auditLedger } from '../../server/ledger-audit.ts';
import { ApiClient } from '../support/api-client.ts';
import { until } from '../support/contract-crash.ts';
import { expectOk } from '../support/expectations.ts';
import { FakeScheduler } from '../support/fake-scheduler.ts';
import { type InProcessServer, startInProcessServer } from '../support/in-process-server.ts';
import { ManualFeed } from '../support/manual-feed.ts';
import { createTestDatabase } from '../support/postgres.ts';
import { seedTraders } from '../support/seeded-traders.ts';

const postgres = await createTestDatabase();
const scheduler = new FakeScheduler(Date.parse('2026-03-02T11:00:00Z'));
const env = { LIQUIDITY_PROVIDER: 'false', CONTRACT_TRADING: 'false', INDEX_STALE_SECONDS: '3' };

async function start(url: string): Promise<{ server: InProcessServer; feed: ManualFeed }> {
  const feed = new ManualFeed(() => scheduler.now());
  feed.print('BTCUSDT', '100000');
  const server = await startInProcessServer(systemClock, env, url, { feeds: [feed], scheduler });
  return { server, feed };
}

/** Moves one second on with a fresh price, until that second's print is in. */
async function tick({ server, feed }: { server: InProcessServer; feed: ManualFeed }) {
  feed.print('BTCUSDT', '100000');
  scheduler.advance(1000);
  const second = new Date(scheduler.now() - (scheduler.now() % 1000));
  await until(
    () =>
      server.db.selectFrom('index_prints').select('ts').where('ts', '=', second).executeTakeFirst(),
    (found) => found !== undefined,
    60_000,
  );
}

describe('a second contract whose expiry passed while the server was down', () => {
  it.skipIf(!postgres)(
    'is void by the rule and refunded once by the next server',
    async () => {
      if (!postgres) return;
      let running: { server: InProcessServer; feed: ManualFeed } | undefined;
      try {
        running = await start(postgres.url);
        const [trader] = await seedTraders(running.server.db, 1, 500n * 100_000_000n, 'option');
        if (!trader) throw new Error('no trader');
        await tick(running);
        const placed = await new ApiClient(running.server.url).post<OptionContract>(
          '/option/order',
          { symbol: 'BTCUSDT', direction: 'up', unit: 'minute', length: '1', amount: '100' },
          { token: trader.token, headers: { 'idempotency-key': crypto.randomUUID() } },
        );
        expectOk(placed);
        const contract = placed.body.data;
        await tick(running); // its opening print
        await running.server.stop();
        running = undefined;

        // Down through the expiry and the 5 seconds after it.
        scheduler.advance(70_000);
        running = await start(postgres.url);
        await tick(running);
        const client = new ApiClient(running.server.url);
        const history = await until(
          async () =>
            (
              await client.get<{ list: OptionContract[] }>(
                '/option/orders',
                { status: 'history' },
                { token: trader.token },
              )
            ).body.data.list,
          (list) => list.length > 0,
          60_000,
        );
        expect(history).toEqual([
          expect.objectContaining({
            id: contract.id,
            outcome: 'void',
            payout: '100',
            open_price: '100000',
            open_print_at: contract.open_time,
            settle_price: null,
          }),
        ]);
        const wallet = await client.get<{ balances: { wallet: string; available: string }[] }>(
          '/wallet/balances',
          {},
          { token: trader.token },
        );
        expect(wallet.body.data.balances.find((b) => b.wallet === 'option')?.available).toBe('500');
        expect(await auditLedger(running.server.db)).toEqual([]);
      } finally {
        await running?.server.stop();
        await postgres.drop();
      }
    },
    300_000,
  );
});
