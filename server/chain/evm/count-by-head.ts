// The cheap half of the watcher's confirmation step: a deposit still confirming in a block the
// watcher read, whose saved hash is still the block's (the round's reorganisation check has
// already removed every replaced one), is still in the chain where it was seen, so its count is
// the head's distance from its block, set for all of them in one statement, and those that reach
// their confirmations are credited in the same transaction. No receipt is asked for: with
// thousands of deposits confirming, one receipt each per round was most of the watcher's work
// (bench/chain.bench.ts). The rest (deposits older than the kept hashes, or in a block no longer
// kept) go to the receipt lookup (server/chain/evm/reconfirm.ts).
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { transact } from '../../db/transact.ts';
import type { DepositRow } from '../../wallet/chain-deposits.ts';
import { creditReady, type ObservedDeposits } from '../../wallet/chain-deposits.ts';

export async function countByHead(
  db: Db,
  cursorChain: string,
  chains: readonly string[],
  head: bigint,
): Promise<ObservedDeposits> {
  return transact(db, async (trx) => {
    const { rows } = await sql<DepositRow>`
      update deposits d
      set confirmations = (${head.toString()}::bigint - d.block_number + 1)::int
      from chain_blocks b
      where b.chain = ${cursorChain} and b.number = d.block_number and b.hash = d.block_hash
        and d.chain in (${sql.join(chains)}) and d.status = 'confirming'
        and d.block_number <= ${head.toString()}::bigint
        and d.confirmations <> (${head.toString()}::bigint - d.block_number + 1)::int
      returning d.*`.execute(trx);
    const { credited, balances } = await creditReady(trx, rows);
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const row of credited) byId.set(row.id, row);
    return { changed: [...byId.values()], credited, balances };
  });
}

/** Deposits confirming that the head count cannot follow: their block is not a kept one. */
export function uncountedConfirming(db: Db, cursorChain: string, chains: readonly string[]) {
  return db
    .selectFrom('deposits as d')
    .leftJoin('chain_blocks as b', (join) =>
      join
        .on('b.chain', '=', cursorChain)
        .onRef('b.number', '=', 'd.block_number')
        .onRef('b.hash', '=', 'd.block_hash'),
    )
    .select([
      'd.id',
      'd.chain',
      'd.txid',
      'd.address',
      'd.asset',
      'd.amount',
      'd.log_index',
      'd.status',
    ])
    .where('d.chain', 'in', chains)
    .where('d.status', '=', 'confirming')
    .where('b.hash', 'is', null)
    .execute();
}
