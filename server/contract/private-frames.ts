// A committed contract batch as the private frames of each user it touched: their changed
// positions on `positions` (open ones at the latest mark, closed ones once, with status
// `closed`), their changed orders as they now stand on `contract-orders`, and their changed
// balances on `balances`.
import type { z } from 'zod';
import type { ContractOrder, positionsDataSchema } from '../../schemas/api/contract.schema.ts';
import { type BalanceRows, balancesByUser } from '../ledger/balance-frames.ts';
import type { ContractCommitted, ContractEngine } from './contract-engine.ts';
import { orderView, positionView } from './contract-views.ts';

export type ContractFrame =
  | { userId: number; channel: 'positions'; data: z.input<typeof positionsDataSchema> }
  | { userId: number; channel: 'contract-orders'; data: ContractOrder[] }
  | { userId: number; channel: 'balances'; data: BalanceRows };

export function contractFrames(
  engine: ContractEngine,
  committed: ContractCommitted,
): ContractFrame[] {
  const totals = new Map<number, bigint>();
  for (const change of committed.balances) {
    if (change.wallet === 'contract' && change.asset === 'USDT') {
      totals.set(change.userId, change.available + change.frozen);
    }
  }
  const balances = balancesByUser(committed.balances);
  const positions = new Map<number, z.input<typeof positionsDataSchema>>();
  for (const position of committed.effects.positions.values()) {
    const market = engine.markets.get(position.symbol);
    if (!market) continue;
    const backing =
      engine.backingOf(position, totals.get(position.userId) ?? null) ?? position.margin;
    const mine = positions.get(position.userId) ?? [];
    mine.push({
      ...positionView(position, market, engine.marks.latest(position.symbol), backing),
      status: position.status,
    });
    positions.set(position.userId, mine);
  }
  const orders = new Map<number, ContractOrder[]>();
  const at = new Date(committed.ts);
  for (const order of committed.effects.orders.values()) {
    const market = engine.markets.get(order.symbol);
    if (!market) continue;
    const mine = orders.get(order.userId) ?? [];
    mine.push(orderView(order, market, at));
    orders.set(order.userId, mine);
  }
  return [
    ...[...orders].map(([userId, data]) => ({ userId, channel: 'contract-orders' as const, data })),
    ...[...positions].map(([userId, data]) => ({ userId, channel: 'positions' as const, data })),
    ...[...balances].map(([userId, data]) => ({ userId, channel: 'balances' as const, data })),
  ];
}
