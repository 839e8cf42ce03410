// A spot trade in the wallet's records, over real HTTP on a server without the liquidity
// provider: each side's lines carry the fill they settled (pair, side, price, quantity, value, fee
// in what that side received), the fill's two lines of one movement share a page, and records
// that are no trade carry none.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { recordSchema } from '../../schemas/api/wallet.schema.ts';
import { systemClock } from '../../server/clock.ts';
import { registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { expectOk } from '../support/expectations.ts';
import { creditUser } from '../support/funds.ts';
import { type InProcessServer, startInProcessServer } from '../support/in-process-server.ts';

type RecordLine = z.input<typeof recordSchema>;

let server: InProcessServer;
const client = () => new ApiClient(server.url);

beforeAll(async () => {
  server = await startInProcessServer(systemClock, { LIQUIDITY_PROVIDER: 'false' });
}, 120_000);
afterAll(() => server?.stop());

async function userWith(asset: string, amount: string) {
  const user = await registerUser(client(), server.dataDir);
  await creditUser(server.db, user.userId, asset, amount);
  return user;
}

type User = Awaited<ReturnType<typeof userWith>>;

async function limit(user: User, side: 'buy' | 'sell', price: string, quantity: string) {
  const answer = await client().post(
    '/spot/order',
    { symbol: 'BTCUSDT', side, type: 'limit', price, quantity },
    { token: user.token, headers: { 'idempotency-key': randomUUID() } },
  );
  expectOk(answer);
}

async function recordsOf(user: User, query: Readonly<Record<string, string>> = {}) {
  const answer = await client().get<{ list: RecordLine[]; total: number }>(
    '/wallet/records',
    query,
    {
      token: user.token,
    },
  );
  expectOk(answer);
  return answer.body.data;
}

describe('trade records', () => {
  it('names the pair, side, price, quantity, value and fee of the fill on each side', async () => {
    const seller = await userWith('BTC', '1');
    const buyer = await userWith('USDT', '10000');
    await limit(seller, 'sell', '97000', '0.01');
    await limit(buyer, 'buy', '97500', '0.004');

    const bought = (await recordsOf(buyer, { type: 'trade' })).list;
    const fill = {
      symbol: 'BTCUSDT',
      base: 'BTC',
      quote: 'USDT',
      price: '97000',
      quantity: '0.004',
      value: '388',
    };
    // The buyer took the ask: a buy, its fee in the BTC it received.
    expect(bought).toEqual([
      expect.objectContaining({ asset: 'USDT', amount: '-388' }),
      expect.objectContaining({ asset: 'BTC', amount: '0.003996' }),
    ]);
    for (const line of bought) {
      expect(line.trade).toEqual({ ...fill, side: 'buy', fee: '0.000004', fee_asset: 'BTC' });
    }
    expect(bought[0]?.id).toBe(bought[1]?.id);

    // The seller's resting order was the maker: a sell, its fee in the USDT it received.
    const sold = (await recordsOf(seller, { type: 'trade' })).list;
    expect(sold.map((line) => line.trade)).toEqual([
      { ...fill, side: 'sell', fee: '0.388', fee_asset: 'USDT' },
      { ...fill, side: 'sell', fee: '0.388', fee_asset: 'USDT' },
    ]);
    expect(sold.map((line) => [line.asset, line.amount])).toEqual([
      ['BTC', '-0.004'],
      ['USDT', '387.612'],
    ]);

    // A deposit is no trade.
    const all = (await recordsOf(buyer)).list;
    expect(all.at(-1)).toMatchObject({ type: 'deposit', trade: null });
  });

  it('keeps the lines of one movement on one page and counts movements', async () => {
    const seller = await userWith('BTC', '1');
    const buyer = await userWith('USDT', '10000');
    await limit(seller, 'sell', '97000', '0.01');
    await limit(buyer, 'buy', '97000', '0.001');
    await limit(buyer, 'buy', '97000', '0.001');

    // Two fills of two lines each and a deposit: three movements, five lines.
    const first = await recordsOf(buyer, { size: '1' });
    expect(first.total).toBe(3);
    expect(first.list).toHaveLength(2);
    expect(new Set(first.list.map((line) => line.id)).size).toBe(1);
    const second = await recordsOf(buyer, { size: '1', page: '2' });
    expect(second.list).toHaveLength(2);
    expect(second.list[0]?.id).toBeLessThan(first.list[0]?.id ?? 0);
    const third = await recordsOf(buyer, { size: '1', page: '3' });
    expect(third.list).toMatchObject([{ type: 'deposit', amount: '10000' }]);
  });
});
