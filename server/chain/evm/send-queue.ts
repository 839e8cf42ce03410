// The queue of transactions the platform signs on Ethereum (docs/wallet.md § "The hot wallet and
// withdrawals on chain"): a withdrawal, a deposit address's sweep or the gas for one is queued in
// the transaction that decides it, and the sender (server/chain/evm/sender.ts) fixes its nonce,
// signs, broadcasts and follows it. Every send of one network shares the chain name of the
// watcher's cursor, so the nonces of ETH and USDT sends from one address are one sequence.
import type { Transaction } from 'kysely';
import { type Address, getAddress } from 'viem';
import type { SendPurpose } from '../../db/chain-tables.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/tables.ts';
import type { SigningKey } from '../signer/signer.ts';

/** The chain name of every Ethereum send and nonce (the network, not the asset). */
export const evmSendChain = 'ETH';

export type EvmSendAsset = 'ETH' | 'USDT';

/** A send's asset as its column holds it; any other text is a row this code never wrote. */
export function evmSendAssetOf(text: string): EvmSendAsset {
  if (text === 'ETH' || text === 'USDT') return text;
  throw new Error(`not an asset a send carries: ${text}`);
}

export interface SendRequest {
  purpose: SendPurpose;
  key: SigningKey;
  from: Address;
  to: Address;
  asset: EvmSendAsset;
  /** In the asset's chain units: wei, or 10⁻⁶ USDT. */
  value: bigint;
  withdrawalId?: number;
}

/** How a signing key is stored in `chain_sends.signing_key`. */
export function signingKeyText(key: SigningKey): string {
  return key.role === 'hot' ? 'hot' : `deposit:${key.index}`;
}

export function signingKeyOf(text: string): SigningKey {
  if (text === 'hot') return { role: 'hot' };
  const match = /^deposit:(\d+)$/.exec(text);
  if (!match) throw new Error(`unknown signing key ${text}`);
  return { role: 'deposit', index: Number(match[1]) };
}

/** Queues the send in the caller's transaction; returns its id. Its nonce is fixed when sent. */
export async function enqueueSend(
  trx: Transaction<Database>,
  request: SendRequest,
): Promise<number> {
  if (request.value <= 0n) throw new Error('a send must move a positive amount');
  const row = await trx
    .insertInto('chain_sends')
    .values({
      chain: evmSendChain,
      purpose: request.purpose,
      withdrawal_id: request.withdrawalId ?? null,
      signing_key: signingKeyText(request.key),
      from_address: getAddress(request.from),
      to_address: getAddress(request.to),
      asset: request.asset,
      value: request.value.toString(),
      status: 'queued',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The sends not yet at their end (queued, or broadcast and not yet confirmed), oldest first. */
export function openSends(db: Db) {
  return db
    .selectFrom('chain_sends')
    .selectAll()
    .where('chain', '=', evmSendChain)
    .where('status', 'in', ['queued', 'sent'])
    .orderBy('id')
    .execute();
}
