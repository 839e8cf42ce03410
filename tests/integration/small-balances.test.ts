// Converting small balances to USDT over real HTTP, on a server without the liquidity provider so
// every book holds only the bids the test put there: the preview prices each small funding
// balance on its book; the conversion sells each through the spot writer as a market order below
// the minimum value, credits what the preview said in USDT and keeps the ledger balanced; a retry
// with the same key converts once; a user with nothing small is refused in their language and
// nothing changes; another user's balances are never touched. On both databases.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type {
  SmallBalancesConversion,
  SmallBalancesPreview,
} from '../../schemas/api/small-balances.schema.ts';
import type { SpotOrder } from '../../schemas/api/spot.schema.ts';
import { systemClock } from '../../server/clock.ts';
import { auditLedger } from '../../server/ledger-audit.ts';
import { registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { eachDatabase, serverOn } from '../support/each-database.ts';
import { expectError, expectOk } from '../support/expectations.ts';
import { creditUser } from '../support/funds.ts';

describe.each(await eachDatabase())('converting small balances, on %s', (...databaseCase) => {
  const { skip, server } = serverOn(databaseCase, systemClock, { LIQUIDITY_PROVIDER: 'false' });
  const client = () => new ApiClient(server().url);

  async function userWith(funds: Record<string, string>) {
    const user = await registerUser(client(), server().dataDir);
    for (const [asset, amount] of Object.entries(funds)) {
      await creditUser(server().db, user.userId, asset, amount);
    }
    return user;
  }
  type User = Awaited<ReturnType<typeof userWith>>;

  /** Every funding balance that holds anything, asset → available. */
  async function funding(user: User): Promise<Record<string, string>> {
    const answer = await client().get<{
      balances: { wallet: string; asset: string; available: string; frozen: string }[];
    }>('/wallet/balances', {}, { token: user.token });
    expectOk(answer);
    return Object.fromEntries(
      answer.body.data.balances
        .filter((b) => b.wallet === 'funding' && b.available !== '0')
        .map((b) => [b.asset, b.available]),
    );
  }

  const preview = (user: User) =>
    client().get<SmallBalancesPreview>('/wallet/small-balances', {}, { token: user.token });
  const convert = (user: User, key: string = randomUUID(), lang?: string) =>
    client().post<SmallBalancesConversion>(
      '/wallet/small-balances/convert',
      {},
      { token: user.token, headers: { 'idempotency-key': key }, ...(lang ? { lang } : {}) },
    );
  const history = async (user: User) => {
    const answer = await client().get<{ list: SpotOrder[] }>(
      '/spot/orders',
      { status: 'history' },
      { token: user.token },
    );
    expectOk(answer);
    return answer.body.data.list;
  };

  /** A maker whose bids are the books the dust is sold on: BTC at 96,000, ETH at 3,300. */
  async function bids() {
    const maker = await userWith({ USDT: '5000' });
    for (const [symbol, price, quantity] of [
      ['BTCUSDT', '96000', '0.01'],
      ['ETHUSDT', '3300', '0.1'],
    ] as const) {
      const answer = await client().post<SpotOrder>(
        '/spot/order',
        { symbol, side: 'buy', type: 'limit', price, quantity },
        { token: maker.token, headers: { 'idempotency-key': randomUUID() } },
      );
      expectOk(answer);
    }
  }

  it.skipIf(skip)(
    'sells each small balance on its book into USDT, as previewed, with the ledger balanced',
    async () => {
      await bids();
      // BTC is worth 4.80 and ETH 4.059 at the best bids; SOL has no bid, 20 USDT is USDT.
      const user = await userWith({ USDT: '1', BTC: '0.00005', ETH: '0.00123', SOL: '0.5' });
      const shown = await preview(user);
      expectOk(shown);
      expect(shown.body.data.list.map((line) => [line.asset, line.sold, line.left])).toEqual([
        ['BTC', '0.00005000', '0.00000000'],
        ['ETH', '0.00120000', '0.00003000'],
      ]);
      // 4.80 and 3.96 less the taker's 0.1 %.
      expect(shown.body.data.list.map((line) => [line.gross, line.fee, line.receive])).toEqual([
        ['4.80000000', '0.00480000', '4.79520000'],
        ['3.96000000', '0.00396000', '3.95604000'],
      ]);
      expect(shown.body.data.total).toBe('8.75124000');

      const done = await convert(user);
      expectOk(done);
      expect(done.body.data.total).toBe('8.75124000');
      expect(done.body.data.list.map((line) => [line.symbol, line.receive])).toEqual([
        ['BTCUSDT', '4.79520000'],
        ['ETHUSDT', '3.95604000'],
      ]);
      expect(await funding(user)).toEqual({ USDT: '9.75124', ETH: '0.00003', SOL: '0.5' });
      // Real market sells: in the user's spot history, filled.
      const orders = await history(user);
      expect(orders.map((order) => [order.symbol, order.type, order.side, order.status])).toEqual(
        expect.arrayContaining([
          ['BTCUSDT', 'market', 'sell', 'filled'],
          ['ETHUSDT', 'market', 'sell', 'filled'],
        ]),
      );
      expect(await auditLedger(server().db)).toEqual([]);
    },
  );

  it.skipIf(skip)('converts once when the same request is sent again', async () => {
    await bids();
    const user = await userWith({ BTC: '0.00003' });
    const key = randomUUID();
    const first = await convert(user, key);
    expectOk(first);
    const again = await convert(user, key);
    expectOk(again);
    expect(again.body.data).toEqual(first.body.data);
    expect(await history(user)).toHaveLength(1);
    expect(await funding(user)).toEqual({ USDT: first.body.data.total.replace(/\.?0+$/, '') });
  });

  it.skipIf(skip)(
    'refuses in the caller’s language when nothing is small, and changes nothing',
    async () => {
      await bids();
      // 0.001 BTC is worth 96 USDT; SOL has no bid; USDT is never converted.
      const user = await userWith({ USDT: '3', BTC: '0.001', SOL: '0.2' });
      const before = await funding(user);
      const shown = await preview(user);
      expectOk(shown);
      expect(shown.body.data.list).toEqual([]);
      const refused = await convert(user, randomUUID(), 'de');
      expectError(refused, 'nothing_to_convert');
      expect(refused.body.msg).toMatch(/^Nichts umzuwandeln/);
      expect(await funding(user)).toEqual(before);
      expect(await history(user)).toEqual([]);
    },
  );

  it.skipIf(skip)('sells only the caller’s own balances', async () => {
    await bids();
    const other = await userWith({ BTC: '0.00004', ETH: '0.0005' });
    const otherBefore = await funding(other);
    const user = await userWith({ BTC: '0.00002' });
    const done = await convert(user);
    expectOk(done);
    expect(done.body.data.list.map((line) => line.asset)).toEqual(['BTC']);
    expect(await funding(other)).toEqual(otherBefore);
    expect(await history(other)).toEqual([]);
    // The other user's preview still shows both of theirs.
    const theirs = await preview(other);
    expectOk(theirs);
    expect(theirs.body.data.list.map((line) => line.asset)).toEqual(['BTC', 'ETH']);
  });
});
