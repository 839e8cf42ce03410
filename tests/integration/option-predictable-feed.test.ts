// Second contracts and a predictable price feed, over HTTP: on a feed seeded by MARKET_SEED (whose
// every print anyone can compute) the product says it is closed and why, and a funded user's order
// is refused with `option_feed_predictable` and moves nothing; OPTION_PREDICTABLE_FEED opens it
// again; on the default feed (node:crypto) orders are taken. On the embedded database and, when one
// answers, on PostgreSQL. (The warning a start logs is tests/unit/option-gate.test.ts's.)
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayAmount, parseAmount } from '../../core/money.ts';
import type { OptionContract } from '../../schemas/api/option.schema.ts';
import { systemClock } from '../../server/clock.ts';
import { optionPool } from '../../server/option/option-postings.ts';
import { type Answer, ApiClient } from '../support/api-client.ts';
import { until } from '../support/contract-crash.ts';
import { expectError, expectOk } from '../support/expectations.ts';
import { type InProcessServer, startInProcessServer } from '../support/in-process-server.ts';
import { createTestDatabase, type TestDatabase } from '../support/postgres.ts';
import { seedTraders } from '../support/seeded-traders.ts';

/** One market, no drawn history, no other engines: a server that prints within a second or two. */
const quick = {
  MARKETS: 'BTC',
  MARKET_HISTORY_DAYS: '0',
  LIQUIDITY_PROVIDER: 'false',
  CONTRACT_TRADING: 'false',
};
const seeded = { ...quick, MARKET_SEED: '1' };
const funded = 1_000n * 100_000_000n;

interface Products {
  enabled: boolean;
  closed_reason?: string;
  markets: string[];
  products: unknown[];
}

function order(server: InProcessServer, token: string): Promise<Answer<OptionContract>> {
  return new ApiClient(server.url).post<OptionContract>(
    '/option/order',
    { symbol: 'BTCUSDT', direction: 'up', unit: 'minute', length: '1', amount: '100' },
    { token, headers: { 'idempotency-key': crypto.randomUUID() } },
  );
}

/** Orders until one is taken: the first index print may not be in yet (`option_index_stale`). */
function orderOnceFresh(server: InProcessServer, token: string) {
  return until(
    () => order(server, token),
    (answer) => answer.body.code === 200,
    60_000,
  );
}

async function products(server: InProcessServer): Promise<Products> {
  const answer = await new ApiClient(server.url).get<Products>('/option/products');
  expectOk(answer);
  return answer.body.data;
}

/** The user's option wallet, the pool and the user's contracts, straight from the database. */
async function holdings(server: InProcessServer, userId: number) {
  const balance = async (where: ReturnType<typeof sql>) =>
    (
      await sql<{ available: string }>`
        select available::text from ledger_accounts where ${where} and asset = 'USDT'`.execute(
        server.db,
      )
    ).rows.map((row) => displayAmount(parseAmount(row.available) ?? -1n))[0] ?? null;
  const contracts = await server.db
    .selectFrom('option_contracts')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    wallet: await balance(sql`user_id = ${userId} and wallet = 'option'`),
    pool: await balance(sql`system_name = ${optionPool.system}`),
    contracts: Number(contracts.count),
  };
}

const databases = [{ name: 'the embedded database', postgres: false }];
const probe = await createTestDatabase();
if (probe) {
  await probe.drop();
  databases.push({ name: 'PostgreSQL', postgres: true });
}

describe.each(databases)('second contracts and the price feed, on $name', ({ postgres }) => {
  /** One server at a time, each on its own database: an engine lease is per database. */
  function serverPerDescribe(env: Record<string, string>) {
    let server: InProcessServer | undefined;
    let database: TestDatabase | undefined;
    beforeAll(async () => {
      database = postgres ? await createTestDatabase() : undefined;
      server = await startInProcessServer(systemClock, env, database?.url);
      // Three starts a database: generous for a machine busy with other work.
    }, 300_000);
    afterAll(async () => {
      try {
        await server?.stop();
      } finally {
        await database?.drop();
      }
    });
    return (): InProcessServer => {
      if (!server) throw new Error('the server did not start');
      return server;
    };
  }

  describe('on a seeded feed', () => {
    const server = serverPerDescribe(seeded);

    it('says second contracts are closed because the feed is predictable', async () => {
      expect(await products(server())).toMatchObject({
        enabled: false,
        closed_reason: 'predictable_feed',
        markets: ['BTCUSDT'],
        products: [],
      });
    });

    it("refuses a funded user's order with option_feed_predictable, and nothing moves", async () => {
      const [trader] = await seedTraders(server().db, 1, funded, 'option');
      if (!trader) throw new Error('no trader');
      const before = await holdings(server(), trader.userId);
      expect(before).toMatchObject({ wallet: '1000', contracts: 0 });
      // Even once the market prints, so the refusal is not a stale index.
      await until(
        () => server().db.selectFrom('index_prints').select('ts').executeTakeFirst(),
        (print) => print !== undefined,
        60_000,
      );
      const refused = await order(server(), trader.token);
      expectError(refused, 'option_feed_predictable');
      expect(refused.body.msg).toMatch(/closed.*predictable/);
      expect(await holdings(server(), trader.userId)).toEqual(before);
    });
  });

  describe('on a seeded feed with OPTION_PREDICTABLE_FEED', () => {
    const server = serverPerDescribe({ ...seeded, OPTION_PREDICTABLE_FEED: 'true' });

    it('opens second contracts', async () => {
      expect(await products(server())).toMatchObject({ enabled: true, markets: ['BTCUSDT'] });
      expect((await products(server())).closed_reason).toBeUndefined();
      const [trader] = await seedTraders(server().db, 1, funded, 'option');
      if (!trader) throw new Error('no trader');
      const placed = await orderOnceFresh(server(), trader.token);
      expectOk(placed);
      expect(placed.body.data).toMatchObject({ status: 'open', stake: '100' });
      expect(await holdings(server(), trader.userId)).toMatchObject({
        wallet: '900',
        contracts: 1,
      });
    });
  });

  describe('on the default feed', () => {
    const server = serverPerDescribe(quick);

    it('opens second contracts', async () => {
      expect(await products(server())).toMatchObject({ enabled: true, markets: ['BTCUSDT'] });
      const [trader] = await seedTraders(server().db, 1, funded, 'option');
      if (!trader) throw new Error('no trader');
      const placed = await orderOnceFresh(server(), trader.token);
      expectOk(placed);
      expect(await holdings(server(), trader.userId)).toMatchObject({
        wallet: '900',
        contracts: 1,
      });
    });
  });
});
