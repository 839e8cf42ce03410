// Following a broadcast send to its end: a receipt of any hash it was signed under counts (a
// replaced transaction may still be the one mined); its confirmations follow the head until the
// asset's required count, when it is `confirmed`; a reverted receipt makes it `failed` (its nonce
// is spent). A withdrawal's status and postings change in the same transaction as its send's. A
// send not mined within the replacement delay is signed again at its nonce with higher fees.
import type { FastifyBaseLogger } from 'fastify';
import {
  type Hex,
  type PublicClient,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
} from 'viem';
import { transact } from '../../db/transact.ts';
import { publishWithdrawal } from '../../wallet/wallet-frames.ts';
import type { EvmSettings } from '../chain-settings.ts';
import { hexOf } from './hex-text.ts';
import { currentFees, replacementFees } from './send-fees.ts';
import { type SendRow, type SigningDeps, signReplacement } from './send-signing.ts';
import { showProgress, withdrawalConfirmed, withdrawalFailed } from './withdrawal-sends.ts';

export interface FollowDeps extends SigningDeps {
  client: PublicClient;
  settings: EvmSettings;
  log: FastifyBaseLogger;
  now: () => number;
}

/** Broadcasts a signed transaction; a node that has it already, or has mined it, is no failure. */
export async function broadcast(deps: FollowDeps, sendId: number, raw: Hex): Promise<void> {
  try {
    await deps.client.sendRawTransaction({ serializedTransaction: raw });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/already known|nonce too low|already imported/i.test(message)) return;
    deps.log.warn({ err: error, send: sendId }, 'an Ethereum send was not broadcast');
  }
}

export async function followSend(
  deps: FollowDeps,
  send: SendRow,
  head: bigint,
  rebroadcast: boolean,
): Promise<void> {
  const hashes = await deps.db
    .selectFrom('chain_send_hashes')
    .selectAll()
    .where('send_id', '=', send.id)
    .execute();
  const receipt = await firstReceipt(
    deps.client,
    hashes.map((row) => hexOf(row.tx_hash)),
  );
  if (receipt) return settleMined(deps, send, receipt, head);
  if (send.block_number !== null) {
    // Mined once, gone now: a reorganisation dropped its block; it waits to be mined again.
    await transact(deps.db, async (trx) => {
      await trx
        .updateTable('chain_sends')
        .set({ block_number: null, confirmations: 0, updated_at: new Date() })
        .where('id', '=', send.id)
        .execute();
      if (send.withdrawal_id !== null) {
        await showProgress(trx, send.withdrawal_id, send.tx_hash ?? '', 0);
      }
    });
  }
  const latest = hashes.find((row) => row.tx_hash === send.tx_hash);
  const sentAt = send.broadcast_at?.getTime() ?? 0;
  if (latest && deps.now() - sentAt >= deps.settings.replaceAfterMs) {
    const previous = {
      maxFeePerGas: BigInt(latest.max_fee_per_gas),
      maxPriorityFeePerGas: BigInt(latest.max_priority_fee_per_gas),
    };
    const fees = replacementFees(previous, await currentFees(deps.client));
    const signed = await signReplacement(deps, send.id, fees);
    if (!signed) return;
    deps.log.info(
      { send: send.id, nonce: send.nonce, hash: signed.hash, replaces: send.tx_hash },
      'an Ethereum send not mined in time is replaced with higher fees',
    );
    await broadcast(deps, send.id, signed.raw);
  } else if (latest && rebroadcast) {
    await broadcast(deps, send.id, hexOf(latest.raw_tx));
  }
}

async function firstReceipt(
  client: PublicClient,
  hashes: readonly Hex[],
): Promise<TransactionReceipt | null> {
  for (const hash of hashes) {
    try {
      return await client.getTransactionReceipt({ hash });
    } catch (error) {
      if (!(error instanceof TransactionReceiptNotFoundError)) throw error;
    }
  }
  return null;
}

async function settleMined(
  deps: FollowDeps,
  send: SendRow,
  receipt: TransactionReceipt,
  head: bigint,
): Promise<void> {
  const confirmations = head >= receipt.blockNumber ? Number(head - receipt.blockNumber + 1n) : 0;
  const required =
    send.asset === 'USDT' ? deps.settings.confirmationsUsdt : deps.settings.confirmationsEth;
  const reverted = receipt.status === 'reverted';
  const status = reverted ? 'failed' : confirmations >= required ? 'confirmed' : 'sent';
  const hash = receipt.transactionHash;
  await transact(deps.db, async (trx) => {
    const updated = await trx
      .updateTable('chain_sends')
      .set({
        status,
        tx_hash: hash,
        block_number: receipt.blockNumber.toString(),
        confirmations,
        fee_paid: (receipt.gasUsed * receipt.effectiveGasPrice).toString(),
        error: reverted ? 'reverted on chain' : null,
        updated_at: new Date(),
      })
      .where('id', '=', send.id)
      .where('status', '=', 'sent')
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n || send.withdrawal_id === null) return;
    if (status === 'failed') {
      await withdrawalFailed(trx, send.withdrawal_id, hash, 'the transaction failed on chain');
    } else if (status === 'confirmed') {
      await withdrawalConfirmed(trx, send.withdrawal_id, hash, confirmations);
    } else {
      await showProgress(trx, send.withdrawal_id, hash, confirmations);
    }
  });
  // The withdrawal's owner sees its confirmations, and then its end, without asking.
  if (send.withdrawal_id !== null) await publishWithdrawal(deps.db, send.withdrawal_id);
  if (status === 'sent') return;
  const entry = { send: send.id, purpose: send.purpose, hash, nonce: send.nonce };
  if (reverted) deps.log.warn(entry, 'an Ethereum send failed on chain');
  else if (status === 'confirmed') deps.log.info(entry, 'an Ethereum send is confirmed');
}
