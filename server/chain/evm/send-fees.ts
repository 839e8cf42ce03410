// The fees and gas of an Ethereum send: EIP-1559 fees as the node estimates them now, and the
// fees of a replacement, which nodes accept at the same nonce only when both fees rise by at least
// 10 % (12.5 % and one wei here, so every client's rule is met), and which must also reach what the
// chain asks for now, or the replacement would be stuck as well.
import { type Address, encodeFunctionData, erc20Abi, type Hex, type PublicClient } from 'viem';
import type { EvmSendAsset } from './send-queue.ts';

export interface Fees {
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

/** A token transfer's gas is fixed, not estimated: a transfer that will revert still goes, is
 * mined and fails on chain (its funds returned to the user), rather than staying unsendable. */
export const tokenTransferGas = 100_000n;
/** A plain ether payment to an address without code. */
const etherTransferGas = 21_000n;

export async function currentFees(client: PublicClient): Promise<Fees> {
  const { maxFeePerGas, maxPriorityFeePerGas } = await client.estimateFeesPerGas();
  return { maxFeePerGas, maxPriorityFeePerGas };
}

/** The largest of bigints (Math.max takes numbers only). */
function max(...values: bigint[]): bigint {
  let largest = values[0] ?? 0n;
  for (const value of values) if (value > largest) largest = value;
  return largest;
}
/** At least 12.5 % more, and one wei. */
const raised = (value: bigint) => value + value / 8n + 1n;

export function replacementFees(previous: Fees, now: Fees): Fees {
  const maxPriorityFeePerGas = max(raised(previous.maxPriorityFeePerGas), now.maxPriorityFeePerGas);
  const maxFeePerGas = max(raised(previous.maxFeePerGas), now.maxFeePerGas, maxPriorityFeePerGas);
  return { maxFeePerGas, maxPriorityFeePerGas };
}

/** What the transaction carries: ether as its value, or a token's `transfer` call. */
export function callOf(
  asset: EvmSendAsset,
  to: Address,
  value: bigint,
  usdt: Address | undefined,
): { to: Address; value: bigint; data?: Hex } {
  if (asset === 'ETH') return { to, value };
  if (!usdt) throw new Error('CHAIN_EVM_USDT_ADDRESS is not set: a USDT send cannot be made');
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, value] });
  return { to: usdt, value: 0n, data };
}

/** The gas limit: fixed for a token transfer and for ether to a plain address, estimated for
 * ether to a contract (its code may need more). */
export async function gasLimitOf(
  client: PublicClient,
  from: Address,
  asset: EvmSendAsset,
  to: Address,
  value: bigint,
): Promise<bigint> {
  if (asset === 'USDT') return tokenTransferGas;
  const code = await client.getCode({ address: to });
  if (!code || code === '0x') return etherTransferGas;
  return client.estimateGas({ account: from, to, value });
}
