// A committed batch of the second contract as the private frames of each user it touched: their
// contracts as placed or settled on `options`, and their changed balances on `balances`.
import type { z } from 'zod';
import { displayAmount } from '../../core/money.ts';
import type { OptionContract } from '../../schemas/api/option.schema.ts';
import type { balancesDataSchema } from '../../schemas/api/wallet.schema.ts';
import { optionView } from './option-views.ts';
import type { OptionCommitted } from './option-writer.ts';

export type OptionFrame =
  | { userId: number; channel: 'options'; data: OptionContract[] }
  | { userId: number; channel: 'balances'; data: z.input<typeof balancesDataSchema> };

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
  const balances = new Map<number, z.input<typeof balancesDataSchema>>();
  for (const change of committed.balances) {
    const mine = balances.get(change.userId) ?? [];
    mine.push({
      wallet: change.wallet,
      asset: change.asset,
      available: displayAmount(change.available),
      frozen: displayAmount(change.frozen),
    });
    balances.set(change.userId, mine);
  }
  return [
    ...[...contracts].map(([userId, data]) => ({ userId, channel: 'options' as const, data })),
    ...[...balances].map(([userId, data]) => ({ userId, channel: 'balances' as const, data })),
  ];
}
