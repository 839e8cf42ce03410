// The chain-watcher interface: a watcher reports transactions paying into deposit addresses, with
// their confirmations, as often as it likes; a transfer (a transaction, or one log of it) is
// recorded once, its confirmations follow the reports, and it is credited exactly once when it has
// enough. A transfer a reorganisation dropped (`dropped`) and that is reported again, from the
// chain that replaced its block, is confirming again from its new block.
import { parseAmount } from '../../core/money.ts';
import type { Db } from '../db/database.ts';
import { transact } from '../db/transact.ts';
import { creditDeposit } from './credit-deposit.ts';
import { ownerOfAddress } from './deposit-addresses.ts';

export interface ChainTransaction {
  chain: string;
  txid: string;
  /** The deposit address paid. */
  address: string;
  asset: string;
  amount: string;
  confirmations: number;
  /** The transfer's log in the transaction (an ERC-20 transfer); absent for a native transfer. */
  logIndex?: number;
  /** The block it was seen in, on a real chain (a reorganisation may replace it); absent on the simulated one. */
  blockNumber?: bigint;
  blockHash?: string;
}

export type DepositOutcome = 'unknown-address' | 'confirming' | 'credited' | 'already-credited';

export async function observeDeposit(
  db: Db,
  tx: ChainTransaction,
  requiredConfirmations: number,
): Promise<DepositOutcome> {
  const owner = await ownerOfAddress(db, tx.chain, tx.address);
  const amount = parseAmount(tx.amount);
  const logIndex = tx.logIndex ?? -1;
  if (!owner || amount === null || amount <= 0n) return 'unknown-address';
  return transact(db, async (trx) => {
    await trx
      .insertInto('deposits')
      .values({
        user_id: owner.user_id,
        asset: tx.asset,
        chain: tx.chain,
        txid: tx.txid,
        address: tx.address,
        amount: tx.amount,
        confirmations: tx.confirmations,
        required_confirmations: requiredConfirmations,
        status: 'confirming',
        credited_at: null,
        log_index: logIndex,
        block_number: tx.blockNumber?.toString() ?? null,
        block_hash: tx.blockHash ?? null,
      })
      .onConflict((conflict) =>
        conflict.columns(['chain', 'txid', 'log_index']).doUpdateSet((eb) => ({
          confirmations: tx.confirmations,
          // Reported again after a reorganisation dropped it: it is in the new chain after all.
          status: eb
            .case()
            .when('deposits.status', '=', 'dropped')
            .then('confirming' as const)
            .else(eb.ref('deposits.status'))
            .end(),
          ...(tx.blockHash === undefined
            ? {}
            : { block_number: tx.blockNumber?.toString() ?? null, block_hash: tx.blockHash }),
        })),
      )
      .execute();
    const row = await trx
      .selectFrom('deposits')
      .selectAll()
      .where('chain', '=', tx.chain)
      .where('txid', '=', tx.txid)
      .where('log_index', '=', logIndex)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (row.status === 'credited') return 'already-credited';
    if (row.confirmations < row.required_confirmations) return 'confirming';
    await creditDeposit(trx, {
      userId: row.user_id,
      asset: row.asset,
      chain: row.chain,
      txid: row.txid,
      logIndex: row.log_index,
      amount: parseAmount(row.amount) ?? 0n,
    });
    await trx
      .updateTable('deposits')
      .set({ status: 'credited', credited_at: new Date() })
      .where('id', '=', row.id)
      .execute();
    return 'credited';
  });
}
