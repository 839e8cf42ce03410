// A committed spot command as the private frames of each user it touched: their changed orders on
// `orders`, and their changed balances (the newest state of each account) on `balances`.

import type { SpotOrder } from '../../schemas/api/spot.schema.ts';
import { type BalanceRows, balancesByUser } from '../ledger/balance-frames.ts';
import type { Committed } from './market-writer.ts';
import { orderView } from './order-store.ts';

export interface PrivateFrame {
  userId: number;
  channel: 'orders' | 'balances';
  data: SpotOrder[] | BalanceRows;
}

export function privateFrames(committed: Committed): PrivateFrame[] {
  const orders = new Map<number, Map<number, SpotOrder>>();
  for (const row of committed.orders) {
    const mine = entryOf(orders, row.user_id);
    // The newest row of an order touched twice in one turn is its state now.
    mine.set(Number(row.id), orderView(row, committed.market));
  }
  const balances = balancesByUser(committed.balances);
  return [
    ...[...orders].map(([userId, rows]) => ({
      userId,
      channel: 'orders' as const,
      data: [...rows.values()],
    })),
    ...[...balances].map(([userId, data]) => ({ userId, channel: 'balances' as const, data })),
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
