// The balances a committed write changed, as each user's `balances` frame carries them: one row
// per account, in its newest state.
import type { z } from 'zod';
import { displayAmount } from '../../core/money.ts';
import type { balancesDataSchema } from '../../schemas/api/wallet.schema.ts';
import { type PrivateStream, userFrames } from '../gateway/streams.ts';
import type { BalanceChange } from './post.ts';

export type BalanceRows = z.input<typeof balancesDataSchema>;

export function balancesByUser(changes: readonly BalanceChange[]): Map<number, BalanceRows> {
  const byUser = new Map<number, Map<string, BalanceRows[number]>>();
  for (const change of changes) {
    const mine = byUser.get(change.userId) ?? new Map<string, BalanceRows[number]>();
    // A later change of the same account is its newer state.
    mine.set(`${change.wallet}:${change.asset}`, {
      wallet: change.wallet,
      asset: change.asset,
      available: displayAmount(change.available),
      frozen: displayAmount(change.frozen),
    });
    byUser.set(change.userId, mine);
  }
  return new Map([...byUser].map(([userId, rows]) => [userId, [...rows.values()]]));
}

/**
 * A private stream of users' `balances` frames for a writer that tells of its changes: `publish`
 * sends each user their changed accounts while the gateway listens, and nothing before.
 */
export function balanceStream(): {
  stream: PrivateStream;
  publish(changes: readonly BalanceChange[], ts: number): void;
} {
  const { stream, send } = userFrames();
  return {
    stream,
    publish(changes, ts) {
      for (const [userId, rows] of balancesByUser(changes)) send(userId, 'balances', rows, ts);
    },
  };
}
