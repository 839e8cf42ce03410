// The crash: 1,000 leveraged BTC positions open at 100,000 (longs isolated and cross at 2× to 50×,
// shorts cross at 3×), a bidder rests a little below, and the index falls 20 % in one print.
// Every long whose liquidation price (as `/contract/positions` showed it before the crash) the new
// mark reached is liquidated, and no other: first against the bidder's orders down to each
// position's bankruptcy price, the rest against the shorts by auto-deleveraging. Every liquidation
// is recorded with the price the screen showed; no balance goes below zero; longs and shorts still
// hold the same quantity; the insurance fund is not below zero; the ledger check holds.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractOrder, ContractPosition } from '../../schemas/api/contract.schema.ts';
import { systemClock } from '../../server/clock.ts';
import { auditLedger } from '../../server/ledger-audit.ts';
import { ApiClient } from '../support/api-client.ts';
import { expectOk } from '../support/expectations.ts';
import { type InProcessServer, startInProcessServer } from '../support/in-process-server.ts';
import { ManualFeed } from '../support/manual-feed.ts';
import { type SeededTrader, seedTraders } from '../support/seeded-traders.ts';

const pairs = 500;
const usdt = 100_000_000n;
const feed = new ManualFeed();
let server: InProcessServer;
const client = () => new ApiClient(server.url);

beforeAll(async () => {
  feed.print('BTCUSDT', '100000');
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

/** A fixed pseudo-random sequence, so a failure can be run again as it was. */
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

async function open(trader: SeededTrader, body: Record<string, string>) {
  const answer = await client().post<ContractOrder>('/contract/open', body, {
    token: trader.token,
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
  expectOk(answer);
  return answer.body.data;
}

async function positionOf(trader: SeededTrader): Promise<ContractPosition | undefined> {
  const answer = await client().get<{ list: ContractPosition[] }>(
    '/contract/positions',
    { symbol: 'BTCUSDT' },
    { token: trader.token },
  );
  expectOk(answer);
  return answer.body.data.list[0];
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const markOf = async () => {
  const answer = await client().get<{ list: { symbol: string; mark_price: string | null }[] }>(
    '/contract/markets',
  );
  return answer.body.data.list.find((market) => market.symbol === 'BTCUSDT')?.mark_price ?? null;
};

describe('a 20 % crash with 1,000 positions open', () => {
  it('liquidates exactly the positions whose shown price the mark reached', async () => {
    await until(markOf, (mark) => mark === '100000.00');
    const random = sequence(20_261_124);
    const [bidder, ...traders] = await seedTraders(server.db, 2 * pairs + 1, 20_000n * usdt);
    if (!bidder) throw new Error('no bidder');
    const shorts = traders.slice(0, pairs);
    const longs = traders.slice(pairs);
    const quantities = longs.map(() => (1 + Math.floor(random() * 30)) / 1000);
    const leverages = [2, 5, 10, 20, 25, 50];

    await Promise.all(
      shorts.map((trader, i) =>
        open(trader, {
          symbol: 'BTCUSDT',
          direction: 'short',
          type: 'limit',
          price: '100000',
          quantity: String(quantities[i]),
          leverage: '3',
          margin_mode: 'cross',
        }),
      ),
    );
    await Promise.all(
      longs.map((trader, i) =>
        open(trader, {
          symbol: 'BTCUSDT',
          direction: 'long',
          type: 'market',
          quantity: String(quantities[i]),
          leverage: String(leverages[i % leverages.length]),
          margin_mode: i % 2 === 0 ? 'isolated' : 'cross',
        }),
      ),
    );
    // The bidder's orders take part of what is liquidated; the shorts take the rest.
    for (const price of ['90000', '85000']) {
      await open(bidder, {
        symbol: 'BTCUSDT',
        direction: 'long',
        type: 'limit',
        price,
        quantity: '0.15',
        leverage: '2',
        margin_mode: 'cross',
      });
    }

    const shown = new Map<number, ContractPosition>();
    for (const trader of longs) {
      const position = await positionOf(trader);
      if (!position) throw new Error(`trader ${trader.userId} holds no position`);
      shown.set(trader.userId, position);
    }
    const crash = 80_000;
    const doomed = [...shown].filter(
      ([, position]) =>
        position.liquidation_price !== null && Number(position.liquidation_price) >= crash,
    );
    // The crash must liquidate some and spare others, or the test proves nothing.
    expect(doomed.length).toBeGreaterThan(100);
    expect(doomed.length).toBeLessThan(pairs);

    feed.print('BTCUSDT', String(crash));
    await until(markOf, (mark) => mark === '80000.00');
    const doomedIds = new Set(doomed.map(([, position]) => position.id));
    const liquidated = await until(
      async () =>
        (
          await sql<{
            position_id: string;
            liquidation_price: string | null;
            mark_price: string;
            filled_quantity: string;
            adl_quantity: string;
          }>`
            select position_id::text, liquidation_price::text, mark_price::text,
              filled_quantity::text, adl_quantity::text
            from contract_liquidations`.execute(server.db)
        ).rows,
      (rows) => rows.length >= doomedIds.size,
    );
    expect(new Set(liquidated.map((row) => Number(row.position_id)))).toEqual(doomedIds);
    // Both ways of closing were used: the bidder's orders, and auto-deleveraging after them.
    expect(liquidated.some((row) => Number(row.filled_quantity) > 0)).toBe(true);
    expect(liquidated.some((row) => Number(row.adl_quantity) > 0)).toBe(true);
    for (const row of liquidated) {
      const before = [...shown.values()].find((p) => p.id === Number(row.position_id));
      expect(Number(row.mark_price)).toBe(crash);
      expect(Number(row.liquidation_price).toFixed(2)).toBe(before?.liquidation_price);
    }
    const closed = await sql<{ close_reason: string; n: number }>`
      select close_reason, count(*)::int as n from contract_positions
      where id = any(${[...doomedIds]}::bigint[]) group by close_reason`.execute(server.db);
    expect(closed.rows).toEqual([{ close_reason: 'liquidation', n: doomedIds.size }]);

    const sides = await sql<{ direction: string; quantity: string }>`
      select direction, sum(quantity)::text as quantity from contract_positions
      where status = 'open' group by direction order by direction`.execute(server.db);
    expect(sides.rows[0]?.quantity).toBe(sides.rows[1]?.quantity);
    const fund = await sql<{ available: string }>`
      select available::text from ledger_accounts
      where system_name = 'insurance' and asset = 'USDT'`.execute(server.db);
    expect(Number(fund.rows[0]?.available ?? '0')).toBeGreaterThanOrEqual(0);
    expect(await auditLedger(server.db)).toEqual([]);
  }, 300_000);
});
