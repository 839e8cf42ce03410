// The caller's spot fills (`/spot/fills`, docs/spot.md § Deals) on both databases, on a server
// without the liquidity provider so each trade is between two test users: each sees the trade from
// their own side with their own fee and the quote amount, no one sees another's, and a filter on a
// market that is not listed is refused in the request's language.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { SpotFill } from '../../schemas/api/spot-fills.schema.ts';
import { catalogues } from '../../schemas/messages/index.ts';
import { systemClock } from '../../server/clock.ts';
import { registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { eachDatabase, serverOn } from '../support/each-database.ts';
import { expectError, ok } from '../support/expectations.ts';
import { creditUser } from '../support/funds.ts';

describe.each(await eachDatabase())('spot fills, on %s', (...database) => {
  const { skip, server } = serverOn(database, systemClock, { LIQUIDITY_PROVIDER: 'false' });
  const client = () => new ApiClient(server().url);

  async function userWith(asset: string, amount: string) {
    const user = await registerUser(client(), server().dataDir);
    await creditUser(server().db, user.userId, asset, amount);
    return user;
  }
  type User = Awaited<ReturnType<typeof userWith>>;

  const place = (user: User, order: Record<string, string>) =>
    client().post<{ id: number }>('/spot/order', order, {
      token: user.token,
      headers: { 'idempotency-key': randomUUID() },
    });

  const fillsOf = async (user: User, query: Record<string, string> = {}) =>
    ok(
      await client().get<{ list: SpotFill[]; total: number }>('/spot/fills', query, {
        token: user.token,
      }),
    );

  it.skipIf(skip)(
    "lists each side's own fills, newest first, with the quote amount and its own fee",
    async () => {
      const seller = await userWith('ETH', '2');
      const buyer = await userWith('USDT', '10000');
      const other = await userWith('USDT', '100');
      const resting = ok(
        await place(seller, {
          symbol: 'ETHUSDT',
          side: 'sell',
          type: 'limit',
          price: '3000',
          quantity: '1',
        }),
      );
      const first = ok(
        await place(buyer, {
          symbol: 'ETHUSDT',
          side: 'buy',
          type: 'limit',
          price: '3000',
          quantity: '0.4',
        }),
      );
      const second = ok(
        await place(buyer, { symbol: 'ETHUSDT', side: 'buy', type: 'market', turnover: '300' }),
      );

      const bought = await fillsOf(buyer);
      expect(bought.total).toBe(2);
      expect(bought.list.map((fill) => fill.order_id)).toEqual([second.id, first.id]);
      expect(bought.list[1]).toMatchObject({
        symbol: 'ETHUSDT',
        side: 'buy',
        role: 'taker',
        price: '3000.00',
        quantity: '0.4000',
        quote: '1200',
        // A buyer pays its fee in what it receives: 0.1 % of 0.4 ETH.
        fee: '0.0004',
        fee_asset: 'ETH',
      });
      expect(bought.list[0]).toMatchObject({ quantity: '0.1000', quote: '300' });

      const sold = await fillsOf(seller, { symbol: 'ETHUSDT' });
      expect(sold.list.map((fill) => fill.order_id)).toEqual([resting.id, resting.id]);
      expect(sold.list[1]).toMatchObject({
        side: 'sell',
        role: 'maker',
        quote: '1200',
        fee: '1.2',
        fee_asset: 'USDT',
      });

      // Another user's fills are not listed, nor counted; nor are this market's for another filter.
      expect(await fillsOf(other)).toMatchObject({ list: [], total: 0 });
      expect(await fillsOf(buyer, { symbol: 'BTCUSDT' })).toMatchObject({ list: [], total: 0 });
      // A page holds at most what was asked for.
      const paged = await fillsOf(buyer, { size: '1', page: '2' });
      expect(paged.list.map((fill) => fill.order_id)).toEqual([first.id]);
    },
  );

  it.skipIf(skip)(
    'refuses a market that is not listed, in the language of the request',
    async () => {
      const user = await userWith('USDT', '1');
      expectError(
        await client().get(
          '/spot/fills',
          { symbol: 'NOPEUSDT' },
          { token: user.token, lang: 'de' },
        ),
        'market_unknown',
        catalogues.de.errors.market_unknown,
      );
    },
  );
});
