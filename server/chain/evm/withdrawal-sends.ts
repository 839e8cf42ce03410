// Withdrawals on the real Ethereum chain (docs/wallet.md § "The hot wallet and withdrawals on
// chain"): the operator's approval queues the hot wallet's send in the approval's transaction; the
// withdrawal stays `approved` showing its transaction and confirmations while the send is followed,
// becomes `sent` (the ledger's in-flight amount leaves) in the transaction that marks the send
// confirmed, and `failed` (amount and fee returned) in the one that marks it failed.
import type { Transaction } from 'kysely';
import { parseUnits } from 'viem';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/tables.ts';
import { markFailed } from '../../wallet/withdrawal-failure.ts';
import { markSent, type WithdrawalRow } from '../../wallet/withdrawals.ts';
import { addressOf } from './hex-text.ts';
import { hotWalletAddress } from './key-addresses.ts';
import { type EvmSendAsset, enqueueSend } from './send-queue.ts';

type Trx = Transaction<Database>;

/** The chains whose withdrawals the hot wallet sends on Ethereum, with their asset's decimals. */
const evmWithdrawalChains: Record<string, { asset: EvmSendAsset; decimals: number }> = {
  ETH: { asset: 'ETH', decimals: 18 },
  ERC20: { asset: 'USDT', decimals: 6 },
};

/** Whether the approved withdrawal goes on the real chain (else the simulated one takes it). */
export function sendsOnChain(config: Pick<Config, 'chain'>, row: WithdrawalRow): boolean {
  return config.chain.evm !== null && row.chain in evmWithdrawalChains;
}

/** Queues the hot wallet's send of the approved withdrawal, in the approval's transaction. */
export async function enqueueWithdrawalSend(
  trx: Trx,
  config: Pick<Config, 'walletXpubs'>,
  row: WithdrawalRow,
): Promise<number> {
  const chain = evmWithdrawalChains[row.chain];
  if (!chain || chain.asset !== row.asset) {
    throw new Error(`withdrawal ${row.id}: ${row.asset} is not sent on ${row.chain}`);
  }
  // parseUnits would round the digits the chain cannot carry: refused instead, money is exact.
  const fraction = row.amount.split('.')[1] ?? '';
  if (fraction.replace(/0+$/, '').length > chain.decimals) {
    throw new Error(`withdrawal ${row.id}: ${row.amount} has more decimals than ${row.asset}'s`);
  }
  const value = parseUnits(row.amount, chain.decimals);
  return enqueueSend(trx, {
    purpose: 'withdrawal',
    key: { role: 'hot' },
    from: hotWalletAddress(config.walletXpubs.ethereum.xpub),
    to: addressOf(row.address),
    asset: chain.asset,
    value,
    withdrawalId: row.id,
  });
}

/** The withdrawal on its way: its transaction and how many confirmations it has. */
export async function showProgress(
  trx: Trx,
  withdrawalId: number,
  txid: string,
  confirmations: number,
): Promise<void> {
  await trx
    .updateTable('withdrawals')
    .set({ txid, confirmations, updated_at: new Date() })
    .where('id', '=', withdrawalId)
    .where('status', '=', 'approved')
    .execute();
}

/** The send is confirmed: the withdrawal is sent, in the send's transaction. */
export async function withdrawalConfirmed(
  trx: Trx,
  withdrawalId: number,
  txid: string,
  confirmations: number,
): Promise<void> {
  await showProgress(trx, withdrawalId, txid, confirmations);
  await markSent(trx, withdrawalId);
}

/** The send failed on chain: the withdrawal's funds return to the user. */
export async function withdrawalFailed(
  trx: Trx,
  withdrawalId: number,
  txid: string,
  reason: string,
): Promise<void> {
  await showProgress(trx, withdrawalId, txid, 0);
  await markFailed(trx, withdrawalId, reason);
}
