// The operator's view of sweeping (the CLI's `chain sweeps`): the deposit addresses whose credited
// deposits are not yet swept, and the latest sweeps and gas top-ups with their state and the
// deposits each confirmed sweep moved (`deposits.sweep_id`).
import { z } from 'zod';
import { displayAmount, parseAmount } from '../../../core/money.ts';
import type { AppDeps } from '../../deps.ts';
import { type OpsCall, opsCall } from '../../ops/ops-call.ts';
import { evmSendChain } from './send-queue.ts';
import { unsweptAddresses } from './sweep-state.ts';

/** How many of the latest sweep and gas sends are listed. */
const listed = 50;

export function sweepOps({ db }: Pick<AppDeps, 'db'>): OpsCall[] {
  const sweeps = opsCall({
    path: '/ops/chain/sweeps',
    input: z.object({}),
    commands: [
      {
        words: 'chain sweeps',
        help: 'deposit addresses not yet swept, and the latest sweeps and gas top-ups',
      },
    ],
    run: async () => {
      const unswept = await unsweptAddresses(db);
      const sends = await db
        .selectFrom('chain_sends')
        .selectAll()
        .where('chain', '=', evmSendChain)
        .where('purpose', 'in', ['sweep', 'gas'])
        .orderBy('id', 'desc')
        .limit(listed)
        .execute();
      const moved =
        sends.length === 0
          ? []
          : await db
              .selectFrom('deposits')
              .select(['id', 'sweep_id', 'chain', 'txid', 'log_index', 'asset', 'amount'])
              .where(
                'sweep_id',
                'in',
                sends.map((send) => send.id),
              )
              .orderBy('id')
              .execute();
      return {
        unswept: unswept.map((entry) => ({
          address: entry.address,
          index: entry.index,
          assets: [...entry.assets].sort(),
        })),
        sends: sends.map((send) => ({
          id: send.id,
          purpose: send.purpose,
          status: send.status,
          asset: send.asset,
          value: send.value,
          from: send.from_address,
          to: send.to_address,
          tx_hash: send.tx_hash,
          confirmations: send.confirmations,
          error: send.error,
          deposits: moved
            .filter((deposit) => deposit.sweep_id === send.id)
            .map(({ sweep_id: _, amount, ...deposit }) => ({
              ...deposit,
              amount: displayAmount(parseAmount(amount) ?? 0n),
            })),
        })),
      };
    },
  });
  return [sweeps];
}
