// The asset center's total counts every asset: a token no spot market quotes is valued at its
// pre-sale (subscription) price, which the subscription product provides to the wallet through
// its price sources (server/wallet/price-sources.ts), and the row says so. On both databases.
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../server/clock.ts';
import { post } from '../../server/ledger/post.ts';
import { ApiClient } from '../support/api-client.ts';
import { eachDatabase, serverOn } from '../support/each-database.ts';
import { ok } from '../support/expectations.ts';
import { callOperator } from '../support/operator-api.ts';
import { seedTraders } from '../support/seeded-traders.ts';

interface Answer {
  balances: {
    wallet: string;
    asset: string;
    value_usdt: string | null;
    price_basis?: string;
  }[];
  totals: { all: string; funding: string };
}

const hour = 3_600_000;

describe.each(await eachDatabase())('valuing a pre-sale token, on %s', (...databaseCase) => {
  const { skip, server } = serverOn(databaseCase, systemClock, { LIQUIDITY_PROVIDER: 'false' });

  it.skipIf(skip)('counts it at its pre-sale price in the total, marked as such', async () => {
    const now = Date.now();
    const added = await callOperator<{ id: number }>(server(), 'subscription-add', {
      name: 'Nova pre-sale',
      asset: 'NOVA',
      price: '0.05',
      supply: '100000',
      cap: '1000',
      start: new Date(now + hour).toISOString(),
      end: new Date(now + 2 * hour).toISOString(),
      distribute: new Date(now + 3 * hour).toISOString(),
    });
    expect(added.status).toBe(200);
    const [trader] = await seedTraders(server().db, 1, 100n * 100_000_000n, 'funding');
    if (!trader) throw new Error('no trader');
    // 1,000 NOVA, as a distribution would have credited them.
    await server()
      .db.transaction()
      .execute((trx) =>
        post(trx, {
          kind: 'deposit',
          reference: `test:nova:${trader.userId}`,
          legs: [
            {
              account: { system: 'external_deposits', asset: 'NOVA' },
              bucket: 'available',
              amount: -1000n * 100_000_000n,
            },
            {
              account: { user: trader.userId, wallet: 'funding', asset: 'NOVA' },
              bucket: 'available',
              amount: 1000n * 100_000_000n,
            },
          ],
        }),
      );

    const answer = ok(
      await new ApiClient(server().url).get<Answer>(
        '/wallet/balances',
        {},
        { token: trader.token },
      ),
    );
    const nova = answer.balances.find((row) => row.asset === 'NOVA');
    expect(nova).toMatchObject({ value_usdt: '50', price_basis: 'presale' });
    const usdt = answer.balances.find((row) => row.asset === 'USDT');
    expect(usdt).toMatchObject({ value_usdt: '100', price_basis: 'index' });
    expect(answer.totals.all).toBe('150');
    expect(answer.totals.funding).toBe('150');
  });
});
