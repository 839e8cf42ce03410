// Funding over real rounds, two seconds apart: longs and shorts in isolated and cross margin are
// open, premium samples are recorded every quarter second, and at each boundary a round is paid.
// Each round can be recomputed from what was recorded: its rate from the interval's premium
// samples under the rule scaled to the interval, every payment from the quantity it was paid on,
// the mark and the rate; payments sum to zero plus the remainder, which the insurance fund
// received; the positions and the caller's funding list show the same amounts; the ledger check
// holds. Every mark recorded meanwhile, with a book on both sides, recomputes from its row.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultFundingRule, fundingRate, fundingRound } from '../../core/contract/funding.ts';
import { averageBasis, markPrice } from '../../core/contract/mark.ts';
import { signedAtoms } from '../../core/market/decimal-atoms.ts';
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
/**
 * The rule is stated per 8 h and scaled to the interval: 0.01 % per 8 h would round to nothing
 * over 2 s. 14.4 % per 8 h (interest and clamp alike) is 0.001 % per 2 s round.
 */
const rule = {
  ...defaultFundingRule,
  interest: 14_400_000n,
  clamp: 14_400_000n,
  intervalMs: interval,
};
const basisWindowMs = 5000;
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
      FUNDING_INTEREST_RATE: '0.144',
      FUNDING_PREMIUM_CLAMP: '0.144',
      MARK_BASIS_WINDOW_MS: String(basisWindowMs),
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
    const rate = fundingRate(
      samples.rows.map((row) => BigInt(row.premium)),
      rule,
    );
    expect(round.rate).toBe(rate.toString());
    // An empty book has no premium: the rate is the interest rate for 2 s, longs paying shorts.
    expect(rate).toBe(1_000n);

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
        rate: '0.00001',
        mark_price: '3000.00',
      });
    } finally {
      socket.close();
    }
  }, 120_000);

  it('records every mark with what recomputes it', async () => {
    const [bidder, asker] = await seedTraders(server.db, 2, 10_000n * 100_000_000n);
    if (!bidder || !asker) throw new Error('no traders');
    const resting = { symbol: 'ETHUSDT', type: 'limit', quantity: '0.1', leverage: '5' };
    // A book on both sides below the index, and the index moving, give the basis a value of its
    // own, negative and rarely whole when averaged; a trade at the bid puts the last price below
    // it, so the index plus the basis is the middle of the three.
    await open(bidder, { ...resting, direction: 'long', price: '2996.37', margin_mode: 'cross' });
    await open(asker, { ...resting, direction: 'short', price: '2998.04', margin_mode: 'cross' });
    await open(asker, {
      ...resting,
      quantity: '0.05',
      direction: 'short',
      price: '2996.37',
      margin_mode: 'cross',
    });
    const since = new Date();
    for (const price of ['3000.01', '2999.99', '3000.02', '3000.03', '2999.98']) {
      feed.print('ETHUSDT', price);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const rows = await until(
      async () =>
        (
          await sql<{
            ts: Date;
            index_price: string;
            mark_price: string;
            last_price: string | null;
            basis: string;
            funding_rate: string;
            funding_interval_ms: number;
            basis_sample: string | null;
          }>`
            select ts, index_price::text, mark_price::text, last_price::text, basis::text,
              funding_rate::text, funding_interval_ms, basis_sample::text
            from contract_marks where symbol = 'ETHUSDT' and mark_price is not null
            order by ts`.execute(server.db)
        ).rows,
      (found) =>
        found.filter((row) => row.basis_sample !== null && new Date(row.ts) > since).length >= 5,
    );
    const atoms = (text: string) => signedAtoms(text) as bigint;
    for (const row of rows) {
      const at = new Date(row.ts).getTime();
      expect(row.funding_interval_ms).toBe(interval);
      expect(
        markPrice({
          index: atoms(row.index_price),
          basis: atoms(row.basis),
          lastPrice: row.last_price === null ? null : atoms(row.last_price),
          lastFundingRate: BigInt(row.funding_rate),
          at,
          fundingIntervalMs: row.funding_interval_ms,
        }),
      ).toBe(atoms(row.mark_price));
      const window = rows.filter((other) => {
        const when = new Date(other.ts).getTime();
        return other.basis_sample !== null && when > at - basisWindowMs && when <= at;
      });
      expect(atoms(row.basis)).toBe(
        averageBasis(window.map((other) => atoms(other.basis_sample as string))),
      );
    }
    // The basis set marks: some are the index plus a basis, neither the last trade nor the index.
    expect(
      rows.some((row) => {
        const mark = atoms(row.mark_price);
        const index = atoms(row.index_price);
        return (
          mark === index + atoms(row.basis) &&
          mark !== index &&
          row.last_price !== null &&
          mark !== atoms(row.last_price)
        );
      }),
    ).toBe(true);
  }, 120_000);
});
