// A committed batch of the second contract as the private frames of each user it touched: their
// contracts as placed or settled on `options`, and their changed balances on `balances`.
import type { OptionContract } from '../../schemas/api/option.schema.ts';
import { type BalanceRows, balancesByUser } from '../ledger/balance-frames.ts';
import { optionView } from './option-views.ts';
import type { OptionCommitted } from './option-writer.ts';

export type OptionFrame =
  | { userId: number; channel: 'options'; data: OptionContract[] }
  | { userId: number; channel: 'balances'; data: BalanceRows };

export function optionFrames(committed: OptionCommitted): OptionFrame[] {
  const contracts = new Map<number, OptionContract[]>();
  const changed = [
    ...committed.placed.map((row) => ({ row, settlement: null })),
    ...committed.settled,
  ];
  for (const { row, settlement } of changed) {
    const mine = contracts.get(row.userId) ?? [];
    mine.push(optionView(row, settlement));
    contracts.set(row.userId, mine);
  }
  const balances = balancesByUser(committed.balances);
  return [
    ...[...contracts].map(([userId, data]) => ({ userId, channel: 'options' as const, data })),
    ...[...balances].map(([userId, data]) => ({ userId, channel: 'balances' as const, data })),
  ];
}
