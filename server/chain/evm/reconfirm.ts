// The confirmation step of the Ethereum watcher: a deposit confirming in a block the watcher still
// holds is counted from the head alone (server/chain/evm/count-by-head.ts); every other deposit
// not yet credited is looked up by its receipt each round, so its count follows the head. The
// receipt also says where
// the transfer is now: in the block it was seen in, in another block (a reorganisation moved it:
// its block and count follow the receipt), or nowhere (it is `dropped`, until the chain holds it
// again). A deposit dropped within the kept blocks' depth is looked up too, so one dropped while
// the node briefly did not know its transaction comes back.
import { type PublicClient, parseEventLogs, TransactionReceiptNotFoundError } from 'viem';
import { parseAmount } from '../../../core/money.ts';
import type { Db } from '../../db/database.ts';
import type { DepositReport, ObservedDeposits } from '../../wallet/chain-deposits.ts';
import { keptBlocks } from '../chain-cursor.ts';
import type { EvmSettings } from '../chain-settings.ts';
import { countByHead, uncountedConfirming } from './count-by-head.ts';
import { ledgerAmount } from './evm-amounts.ts';
import { evmChainNames, transferEvent, usdtChain } from './evm-chains.ts';
import { hexOf } from './hex-text.ts';

type Receipt = Awaited<ReturnType<PublicClient['getTransactionReceipt']>>;

export interface Reconfirm {
  db: Db;
  client: PublicClient;
  settings: EvmSettings;
  head: bigint;
  /** The watcher's cursor, whose kept blocks the head count reads. */
  cursor: string;
  /** Reports the transfers found where their receipts say, with their confirmations. */
  report(found: readonly DepositReport[]): Promise<void>;
  /** Told of the deposits the head count changed, once committed. */
  counted(observed: ObservedDeposits): void;
  /** Told of each deposit dropped, once the drop has committed. */
  dropped(depositId: number): Promise<void>;
}

export async function reconfirmDeposits({
  db,
  client,
  settings,
  head,
  cursor,
  report,
  counted,
  dropped,
}: Reconfirm): Promise<void> {
  counted(await countByHead(db, cursor, evmChainNames, head));
  const dropsToCheck = await db
    .selectFrom('deposits')
    .select(['id', 'chain', 'txid', 'address', 'asset', 'amount', 'log_index', 'status'])
    .where('chain', 'in', evmChainNames)
    .where('status', '=', 'dropped')
    .where('block_number', '>', (head - keptBlocks).toString())
    .execute();
  const pending = [...(await uncountedConfirming(db, cursor, evmChainNames)), ...dropsToCheck];
  const found: DepositReport[] = [];
  for (const row of pending) {
    const receipt = await client
      .getTransactionReceipt({ hash: hexOf(row.txid) })
      .catch((error: unknown) => {
        // Any other failure of the node is the round's, retried; only "no such receipt" is news.
        if (error instanceof TransactionReceiptNotFoundError) return null;
        throw error;
      });
    if (receipt && holdsTransfer(receipt, row, settings)) {
      const usdt = row.chain === usdtChain.chain;
      found.push({
        tx: {
          chain: row.chain,
          txid: row.txid,
          address: row.address,
          asset: row.asset,
          amount: row.amount,
          confirmations: head >= receipt.blockNumber ? Number(head - receipt.blockNumber + 1n) : 0,
          blockNumber: receipt.blockNumber,
          blockHash: receipt.blockHash,
          ...(row.log_index >= 0 ? { logIndex: row.log_index } : {}),
        },
        required: usdt ? settings.confirmationsUsdt : settings.confirmationsEth,
      });
    } else if (row.status === 'confirming') {
      const changed = await db
        .updateTable('deposits')
        .set({ status: 'dropped', confirmations: 0 })
        .where('id', '=', row.id)
        .where('status', '=', 'confirming')
        .executeTakeFirst();
      if (changed.numUpdatedRows > 0n) await dropped(row.id);
    }
  }
  await report(found);
}

interface Recorded {
  address: string;
  amount: string;
  log_index: number;
}

/**
 * Whether the mined transaction still makes the recorded transfer: it succeeded, and for a token
 * deposit the same log (index, contract, recipient, amount) is in it. A token transfer moved to
 * another position in its block has another log index: it is another row, found by the block's read.
 */
function holdsTransfer(receipt: Receipt, deposit: Recorded, settings: EvmSettings): boolean {
  if (receipt.status !== 'success') return false;
  if (deposit.log_index < 0) return true;
  const token = settings.usdtAddress?.toLowerCase();
  return parseEventLogs({ abi: [transferEvent], logs: receipt.logs }).some(
    (log) =>
      log.logIndex === deposit.log_index &&
      log.address.toLowerCase() === token &&
      log.args.to.toLowerCase() === deposit.address.toLowerCase() &&
      sameAmount(ledgerAmount(log.args.value, usdtChain.decimals), deposit.amount),
  );
}

/** Decimal strings compared as amounts: the database may answer `250.00000000` for `250`. */
function sameAmount(a: string | null, b: string): boolean {
  return a !== null && parseAmount(a) === parseAmount(b);
}
