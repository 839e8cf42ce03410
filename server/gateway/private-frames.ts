// A committed spot command as the private frames of each user it touched: their changed orders on
// `orders`, and their changed balances (the newest state of each account) on `balances`.

import type { z } from 'zod';
import { displayAmount } from '../../core/money.ts';
import type { balancesDataSchema, SpotOrder } from '../../schemas/api/spot.schema.ts';
import type { Committed } from '../spot/market-writer.ts';
import { orderView } from '../spot/order-store.ts';

export interface PrivateFrame {
  userId: number;
  channel: 'orders' | 'balances';
  data: SpotOrder[] | z.input<typeof balancesDataSchema>;
}

export function privateFrames(committed: Committed): PrivateFrame[] {
  const orders = new Map<number, Map<number, SpotOrder>>();
  for (const row of committed.orders) {
    let mine = orders.get(row.user_id);
    if (!mine) orders.set(row.user_id, (mine = new Map()));
    // The newest row of an order touched twice in one turn is its state now.
    mine.set(Number(row.id), orderView(row, committed.market));
  }
  const balances = new Map<number, Map<string, z.input<typeof balancesDataSchema>[number]>>();
  for (const change of committed.balances) {
    let mine = balances.get(change.userId);
    if (!mine) balances.set(change.userId, (mine = new Map()));
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
