// What the sweeper knows, read from the database alone each round (so a restart loses nothing):
// the deposit addresses with credited deposits not yet swept, whether an address has a send still
// open, and, for each confirmed sweep, the deposits it moved. A sweep moves the address's whole
// balance as read inside the transaction that queued it, so it covers exactly the deposits first
// seen before that transaction began: their transfers were mined before the balance was read.
import type { Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/tables.ts';
import { familyChains } from '../../wallet/deposit-addresses.ts';
import { evmChainNames } from './evm-chains.ts';
import { evmSendChain } from './send-queue.ts';

export type SweptAsset = 'ETH' | 'USDT';

/** The wallet chains whose deposits a sweep of the Ethereum network moves. */

export interface UnsweptAddress {
  address: string;
  /** The deposit address's child `0/index` of the account key: the key that signs its sweep. */
  index: number;
  /** The assets of its credited deposits not yet swept. */
  assets: Set<SweptAsset>;
}

/** Deposit addresses with credited deposits not yet swept, with the assets of those deposits. */
export async function unsweptAddresses(db: Db): Promise<UnsweptAddress[]> {
  const rows = await db
    .selectFrom('deposits')
    .innerJoin('deposit_addresses', 'deposit_addresses.address', 'deposits.address')
    .select(['deposits.address', 'deposit_addresses.derivation_index', 'deposits.asset'])
    .distinct()
    .where('deposits.chain', 'in', evmChainNames)
    .where('deposits.asset', 'in', ['ETH', 'USDT'])
    .where('deposits.status', '=', 'credited')
    .where('deposits.sweep_id', 'is', null)
    .where('deposit_addresses.chain', 'in', familyChains('ETH'))
    .orderBy('deposit_addresses.derivation_index')
    .execute();
  const byAddress = new Map<string, UnsweptAddress>();
  for (const row of rows) {
    const entry = byAddress.get(row.address) ?? {
      address: row.address,
      index: Number(row.derivation_index),
      assets: new Set<SweptAsset>(),
    };
    if (row.asset === 'ETH' || row.asset === 'USDT') entry.assets.add(row.asset);
    byAddress.set(row.address, entry);
  }
  return [...byAddress.values()];
}

/** Whether a send from or to the address is queued or on its way (a sweep, its gas, anything). */
export async function hasOpenSend(trx: Transaction<Database>, address: string): Promise<boolean> {
  const open = await trx
    .selectFrom('chain_sends')
    .select('id')
    .where('chain', '=', evmSendChain)
    .where('status', 'in', ['queued', 'sent'])
    .where((eb) => eb.or([eb('from_address', '=', address), eb('to_address', '=', address)]))
    .executeTakeFirst();
  return open !== undefined;
}

/**
 * Marks the deposits each confirmed sweep of these addresses moved (its `sweep_id`), oldest sweep
 * first, so a deposit belongs to the first sweep that moved it. Marking twice changes nothing.
 * Answers how many deposits were marked, per sweep.
 */
export async function markSwept(
  db: Db,
  addresses: readonly string[],
): Promise<{ sweep: number; address: string; asset: string; deposits: number }[]> {
  if (addresses.length === 0) return [];
  const sweeps = await db
    .selectFrom('chain_sends')
    .select(['id', 'from_address', 'asset'])
    .where('chain', '=', evmSendChain)
    .where('purpose', '=', 'sweep')
    .where('status', '=', 'confirmed')
    .where('from_address', 'in', addresses)
    .orderBy('id')
    .execute();
  const marked = [];
  for (const sweep of sweeps) {
    const result = await db
      .updateTable('deposits')
      .set({ sweep_id: sweep.id })
      .where('address', '=', sweep.from_address)
      .where('asset', '=', sweep.asset)
      .where('chain', 'in', evmChainNames)
      .where('status', 'in', ['confirming', 'credited'])
      .where('sweep_id', 'is', null)
      // Compared in the database, at its own precision: first seen before the sweep was queued.
      .where(
        'created_at',
        '<',
        sql<Date>`(select created_at from chain_sends where id = ${sweep.id})`,
      )
      .executeTakeFirst();
    const deposits = Number(result.numUpdatedRows);
    if (deposits > 0) {
      marked.push({ sweep: sweep.id, address: sweep.from_address, asset: sweep.asset, deposits });
    }
  }
  return marked;
}
