// Funding over real rounds, two seconds apart: longs and shorts in isolated and cross margin are
// open, premium samples are recorded every quarter second, and at each boundary a round is paid.
// Each round can be recomputed from what was recorded: its rate from the interval's premium
// samples, every payment from the quantity it was paid on, the mark and the rate; payments sum to
// zero plus the remainder, which the insurance fund received; the positions and the caller's
// funding list show the same amounts; the ledger check holds.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundingRate, fundingRound } from '../../core/contract/funding.ts';
import { displayAmount, parseAmount } from '../../core/money.ts';
import type { ContractPosition } from '../../schemas/api/contract.schema.ts';
import { systemClock } from '../../server/clock.ts';
import { auditLedger } from '../../server/ledger-audit.ts';
import { ApiClient } from '../support/api-client.ts';
import { expectOk } from '../support/expectations.ts';
import { type InProcessServer, startInProcessServer } from '../support/in-process-server.ts';
import { ManualFeed } from '../support/manual-feed.ts';
import { type SeededTrader, seedTraders } from '../support/seeded-traders.ts';
import { SocketClient } from '../support/socket-client.ts';

const interval = 2000;
const feed = new ManualFeed();
let server: InProcessServer;
const client = () => new ApiClient(server.url);

beforeAll(async () => {
  feed.print('ETHUSDT', '3000');
  server = await startInProcessServer(
    systemClock,
    {
      LIQUIDITY_PROVIDER: 'false',
      INDEX_STALE_SECONDS: '3600',
      FUNDING_INTERVAL_MS: String(interval),
      FUNDING_SAMPLE_MS: '250',
    },
    undefined,
    { feeds: [feed] },
  );
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const signed = (text: string) =>
  text.startsWith('-') ? -(parseAmount(text.slice(1)) ?? 0n) : (parseAmount(text) ?? 0n);

async function open(trader: SeededTrader, body: Record<string, string>) {
  const answer = await client().post('/contract/open', body, {
    token: trader.token,
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
  expectOk(answer);
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('funding rounds', () => {
  it('pays each round peer to peer, recomputable from the recorded samples', async () => {
    await until(
      async () =>
        (
          await client().get<{ list: { symbol: string; mark_price: string | null }[] }>(
            '/contract/markets',
          )
        ).body.data.list.find((market) => market.symbol === 'ETHUSDT')?.mark_price,
      (mark) => mark === '3000.00',
    );
    const [a, b, c, d] = await seedTraders(server.db, 4, 10_000n * 100_000_000n);
    if (!a || !b || !c || !d) throw new Error('no traders');
    const terms = { symbol: 'ETHUSDT', type: 'limit', price: '3000' };
    await open(a, {
      ...terms,
      direction: 'short',
      quantity: '1.5',
      leverage: '5',
      margin_mode: 'cross',
    });
    await open(b, {
      ...terms,
      direction: 'short',
      quantity: '0.7',
      leverage: '10',
      margin_mode: 'isolated',
    });
    await open(c, {
      ...terms,
      direction: 'long',
      quantity: '1.3',
      leverage: '20',
      margin_mode: 'isolated',
    });
    await open(d, {
      ...terms,
      direction: 'long',
      quantity: '0.9',
      leverage: '3',
      margin_mode: 'cross',
    });

    // The first round that found all four positions open.
    const round = await until(
      async () =>
        (
          await sql<{
            id: string;
            funding_time: Date;
            rate: string;
            mark_price: string;
            paid: string;
            received: string;
            remainder: string;
            shortfall: string;
            payments: number;
          }>`
            select r.id::text, r.funding_time, r.rate::text, r.mark_price::text, r.paid::text,
              r.received::text, r.remainder::text, r.shortfall::text,
              (select count(*)::int from contract_funding_payments p where p.round_id = r.id) as payments
            from contract_funding_rounds r where symbol = 'ETHUSDT' order by r.id`.execute(
            server.db,
          )
        ).rows.find((row) => row.payments === 4),
      (found) => found !== undefined,
    );
    if (!round) throw new Error('no round');

    const end = new Date(round.funding_time);
    const samples = await sql<{ premium: string }>`
      select premium::text from contract_premiums
      where symbol = 'ETHUSDT' and ts > ${new Date(end.getTime() - interval)} and ts <= ${end}
      order by ts`.execute(server.db);
    const rate = fundingRate(samples.rows.map((row) => BigInt(row.premium)));
    expect(round.rate).toBe(rate.toString());
    // An empty book has no premium: the rate is the interest rate, longs paying shorts.
    expect(rate).toBe(10_000n);

    const payments = await sql<{
      user_id: number;
      direction: 'long' | 'short';
      quantity: string;
      amount: string;
    }>`
      select user_id, direction, quantity::text, amount::text from contract_funding_payments
      where round_id = ${round.id}::bigint order by position_id`.execute(server.db);
    const recomputed = fundingRound(
      payments.rows.map((row) => ({
        direction: row.direction,
        quantity: parseAmount(row.quantity) ?? 0n,
      })),
      parseAmount(round.mark_price) ?? 0n,
      rate,
    );
    expect(payments.rows.map((row) => signed(row.amount))).toEqual(recomputed.payments);
    const total = recomputed.payments.reduce((sum, amount) => sum + amount, 0n);
    expect(total + recomputed.remainder).toBe(0n);
    expect(parseAmount(round.remainder)).toBe(recomputed.remainder);
    expect(round.shortfall).toBe('0.00000000');
    for (const row of payments.rows) {
      expect(signed(row.amount) < 0n).toBe(row.direction === 'long');
    }

    // The caller sees the payment, and the position the funding it has paid so far.
    const mine = await client().get<{ list: { round_id: number; amount: string }[] }>(
      '/contract/funding',
      { symbol: 'ETHUSDT' },
      { token: c.token },
    );
    expectOk(mine);
    const paid = payments.rows.find((row) => row.user_id === c.userId)?.amount ?? '';
    expect(mine.body.data.list.find((entry) => entry.round_id === Number(round.id))?.amount).toBe(
      displayAmount(signed(paid)),
    );
    const position = await client().get<{ list: ContractPosition[] }>(
      '/contract/positions',
      {},
      { token: c.token },
    );
    expect(signed(position.body.data.list[0]?.funding_fee ?? '0')).toBeLessThan(0n);

    const fund = await client().get<{ balance: string; list: { kind: string }[] }>(
      '/contract/insurance',
    );
    expectOk(fund);
    expect(signed(fund.body.data.balance)).toBeGreaterThanOrEqual(0n);
    expect(await auditLedger(server.db)).toEqual([]);
  }, 120_000);

  it('publishes each mark and each round on the public channels', async () => {
    const socket = await SocketClient.connect(server.url);
    try {
      socket.subscribe(['mark.ETHUSDT', 'funding.ETHUSDT']);
      await socket.until(
        (frames) => frames.filter((frame) => frame.channel === 'mark.ETHUSDT').length >= 2,
        'two marks',
        60_000,
      );
      expect(socket.on('mark.ETHUSDT')[0]?.data).toMatchObject({
        mark_price: '3000.00',
        index_price: '3000.00',
        stale: false,
      });
      // A round is paid every two seconds while positions are open.
      await socket.until(
        (frames) => frames.some((frame) => frame.channel === 'funding.ETHUSDT'),
        'a funding round',
        60_000,
      );
      expect(socket.on('funding.ETHUSDT').at(-1)?.data).toMatchObject({
        rate: '0.0001',
        mark_price: '3000.00',
      });
    } finally {
      socket.close();
    }
  }, 120_000);
});
