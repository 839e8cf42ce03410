// A committed spot command as the private frames of each user it touched: their changed orders on
// `orders`, and their changed balances (the newest state of each account) on `balances`.

import type { z } from 'zod';
import { displayAmount } from '../../core/money.ts';
import type { SpotOrder } from '../../schemas/api/spot.schema.ts';
import type { balancesDataSchema } from '../../schemas/api/wallet.schema.ts';
import type { Committed } from './market-writer.ts';
import { orderView } from './order-store.ts';

export interface PrivateFrame {
  userId: number;
  channel: 'orders' | 'balances';
  data: SpotOrder[] | z.input<typeof balancesDataSchema>;
}

export function privateFrames(committed: Committed): PrivateFrame[] {
  const orders = new Map<number, Map<number, SpotOrder>>();
  for (const row of committed.orders) {
    const mine = entryOf(orders, row.user_id);
    // The newest row of an order touched twice in one turn is its state now.
    mine.set(Number(row.id), orderView(row, committed.market));
  }
  const balances = new Map<number, Map<string, z.input<typeof balancesDataSchema>[number]>>();
  for (const change of committed.balances) {
    const mine = entryOf(balances, change.userId);
    mine.set(`${change.wallet}:${change.asset}`, {
      wallet: change.wallet,
      asset: change.asset,
      available: displayAmount(change.available),
      frozen: displayAmount(change.frozen),
    });
  }
  return [
    ...[...orders].map(([userId, rows]) => ({
      userId,
      channel: 'orders' as const,
      data: [...rows.values()],
    })),
    ...[...balances].map(([userId, rows]) => ({
      userId,
      channel: 'balances' as const,
      data: [...rows.values()],
    })),
  ];
}

/** The user's map of changes, made on first use. */
function entryOf<K, V>(byUser: Map<number, Map<K, V>>, userId: number): Map<K, V> {
  const found = byUser.get(userId);
  if (found) return found;
  const made = new Map<K, V>();
  byUser.set(userId, made);
  return made;
}
