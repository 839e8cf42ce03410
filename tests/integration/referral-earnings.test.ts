// What the invite page says a user earned at each level is the sum of their entries of each
// level's commission kind, per asset, on both databases: another user's commission and the
// commission posted before it was posted per level are not counted at any level.
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../server/clock.ts';
import type { Posting } from '../../server/ledger/post.ts';
import { post } from '../../server/ledger/post.ts';
import { commissionEarned } from '../../server/referrals/commission-earned.ts';
import { eachDatabase, serverOn } from '../support/each-database.ts';
import { seedTraders } from '../support/seeded-traders.ts';

describe.each(await eachDatabase())('commission earned by level, on %s', (...databaseCase) => {
  const { skip, server } = serverOn(databaseCase, systemClock, { LIQUIDITY_PROVIDER: 'false' });

  it.skipIf(skip)('sums each level per asset, for the user only', async () => {
    const [inviter, other] = await seedTraders(server().db, 2, 0n, 'funding');
    if (!inviter || !other) throw new Error('no users');
    const db = server().db;
    // The fees account holds what the fills charged.
    await db.transaction().execute((trx) =>
      post(trx, {
        kind: 'deposit',
        reference: `test:fees:${inviter.userId}`,
        legs: ['BTC', 'USDT'].flatMap((asset) => [
          { account: { system: 'external_deposits', asset }, bucket: 'available', amount: -1000n },
          { account: { system: 'fees', asset }, bucket: 'available', amount: 1000n },
        ]),
      }),
    );
    const paid = (
      kind: Posting['kind'],
      reference: string,
      legs: [user: number, asset: string, amount: bigint][],
    ): Posting => ({
      kind,
      reference,
      legs: legs.flatMap(([user, asset, amount]) => [
        { account: { system: 'fees', asset }, bucket: 'available', amount: -amount },
        { account: { user, wallet: 'funding', asset }, bucket: 'available', amount },
      ]),
    });
    const me = inviter.userId;
    const postings = [
      paid('commission.referral.1', `spot:commission:1:0:1`, [[me, 'BTC', 20n]]),
      paid('commission.referral.1', `spot:commission:2:0:1`, [
        [me, 'BTC', 30n],
        [other.userId, 'USDT', 7n],
      ]),
      paid('commission.referral.1', `contract:commission:3:4:1`, [[me, 'USDT', 50n]]),
      paid('commission.referral.3', `spot:commission:5:0:3`, [[me, 'USDT', 5n]]),
      // Before commission was posted per level: at no level.
      paid('commission.referral', `spot:commission:6:0`, [[me, 'BTC', 9n]]),
    ];
    await db.transaction().execute(async (trx) => {
      for (const posting of postings) await post(trx, posting);
    });

    expect(await commissionEarned(db, me)).toEqual([
      { level: 1, asset: 'BTC', amount: '0.0000005' },
      { level: 1, asset: 'USDT', amount: '0.0000005' },
      { level: 3, asset: 'USDT', amount: '0.00000005' },
    ]);
    expect(await commissionEarned(db, other.userId)).toEqual([
      { level: 1, asset: 'USDT', amount: '0.00000007' },
    ]);
  });
});
