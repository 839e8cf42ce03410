// Signing a send and fixing its nonce in one database transaction: the nonce is taken from
// `chain_nonces` (started from the node's count of the address's transactions, pending included),
// the signed transaction is stored under its hash and the send marked `sent`, all before anything
// is broadcast. A crash after the commit leaves a send whose stored transaction is broadcast again;
// a crash before it leaves the send queued and the nonce untaken, so no nonce is used twice. A
// replacement is signed the same way at the send's own nonce with higher fees.
import type { Selectable, Transaction } from 'kysely';
import { type Address, type Hex, keccak256, type TransactionSerializableEIP1559 } from 'viem';
import type { ChainSendsTable } from '../../db/chain-tables.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/tables.ts';
import { transact } from '../../db/transact.ts';
import type { ChainSigner } from '../signer/signer.ts';
import { addressOf } from './hex-text.ts';
import { callOf, type Fees } from './send-fees.ts';
import { evmSendAssetOf, signingKeyOf } from './send-queue.ts';

export type SendRow = Selectable<ChainSendsTable>;

export interface SigningDeps {
  db: Db;
  signer: ChainSigner;
  chainId: number;
  usdt: Address | undefined;
}

export interface Signed {
  hash: Hex;
  raw: Hex;
}

/** Fixes the queued send's nonce, signs it and marks it sent; null when it is no longer queued. */
export function signQueued(
  deps: SigningDeps,
  sendId: number,
  plan: { gasLimit: bigint; fees: Fees; nodeNonce: bigint },
): Promise<Signed | null> {
  return transact(deps.db, async (trx) => {
    const send = await lockSend(trx, sendId, 'queued');
    if (!send) return null;
    const nonce = await takeNonce(trx, send, plan.nodeNonce);
    const signed = await sign(deps, send, nonce, plan.gasLimit, plan.fees);
    await store(trx, send.id, signed, plan.fees);
    await trx
      .updateTable('chain_sends')
      .set({
        status: 'sent',
        nonce: nonce.toString(),
        gas_limit: plan.gasLimit.toString(),
        tx_hash: signed.hash,
        attempts: 1,
        broadcast_at: new Date(),
        updated_at: new Date(),
      })
      .where('id', '=', send.id)
      .execute();
    await showTransaction(trx, send, signed.hash);
    return signed;
  });
}

/** Signs the sent, unmined send again at its nonce with `fees`; null when it is no longer sent. */
export function signReplacement(
  deps: SigningDeps,
  sendId: number,
  fees: Fees,
): Promise<Signed | null> {
  return transact(deps.db, async (trx) => {
    const send = await lockSend(trx, sendId, 'sent');
    if (!send || send.nonce === null || send.gas_limit === null) return null;
    const signed = await sign(deps, send, BigInt(send.nonce), BigInt(send.gas_limit), fees);
    await store(trx, send.id, signed, fees);
    await trx
      .updateTable('chain_sends')
      .set({
        tx_hash: signed.hash,
        attempts: send.attempts + 1,
        broadcast_at: new Date(),
        updated_at: new Date(),
      })
      .where('id', '=', send.id)
      .execute();
    await showTransaction(trx, send, signed.hash);
    return signed;
  });
}

function lockSend(trx: Transaction<Database>, id: number, status: 'queued' | 'sent') {
  return trx
    .selectFrom('chain_sends')
    .selectAll()
    .where('id', '=', id)
    .where('status', '=', status)
    .forUpdate()
    .executeTakeFirst();
}

/** The address's next nonce, taken: never below the node's count (another wallet may have sent
 * from the address), never below what this table handed out (those may not be broadcast yet). */
async function takeNonce(
  trx: Transaction<Database>,
  send: SendRow,
  nodeNonce: bigint,
): Promise<bigint> {
  const key = { chain: send.chain, address: send.from_address };
  await trx
    .insertInto('chain_nonces')
    .values({ ...key, next_nonce: nodeNonce.toString() })
    .onConflict((conflict) => conflict.columns(['chain', 'address']).doNothing())
    .execute();
  const row = await trx
    .selectFrom('chain_nonces')
    .select('next_nonce')
    .where('chain', '=', key.chain)
    .where('address', '=', key.address)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const stored = BigInt(row.next_nonce);
  const nonce = stored > nodeNonce ? stored : nodeNonce;
  await trx
    .updateTable('chain_nonces')
    .set({ next_nonce: (nonce + 1n).toString() })
    .where('chain', '=', key.chain)
    .where('address', '=', key.address)
    .execute();
  return nonce;
}

async function sign(
  deps: SigningDeps,
  send: SendRow,
  nonce: bigint,
  gas: bigint,
  fees: Fees,
): Promise<Signed> {
  const call = callOf(
    evmSendAssetOf(send.asset),
    addressOf(send.to_address),
    BigInt(send.value),
    deps.usdt,
  );
  const transaction: TransactionSerializableEIP1559 = {
    type: 'eip1559',
    chainId: deps.chainId,
    nonce: Number(nonce),
    gas,
    ...fees,
    ...call,
  };
  const raw = await deps.signer.signTransaction(
    signingKeyOf(send.signing_key),
    addressOf(send.from_address),
    transaction,
  );
  return { raw, hash: keccak256(raw) };
}

function store(trx: Transaction<Database>, sendId: number, signed: Signed, fees: Fees) {
  return trx
    .insertInto('chain_send_hashes')
    .values({
      tx_hash: signed.hash,
      send_id: sendId,
      raw_tx: signed.raw,
      max_fee_per_gas: fees.maxFeePerGas.toString(),
      max_priority_fee_per_gas: fees.maxPriorityFeePerGas.toString(),
    })
    .execute();
}

/** A withdrawal on its way shows the transaction last broadcast. */
async function showTransaction(trx: Transaction<Database>, send: SendRow, hash: Hex) {
  if (send.withdrawal_id === null) return;
  await trx
    .updateTable('withdrawals')
    .set({ txid: hash, updated_at: new Date() })
    .where('id', '=', send.withdrawal_id)
    .where('status', '=', 'approved')
    .execute();
}
