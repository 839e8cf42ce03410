// Where a chain's watcher has read up to, and the hashes of the recent blocks it read: the cursor
// and the hashes of a batch are saved in one transaction, so a restart resumes after the last
// whole batch, and a later read can tell a block it saw from one that replaced it.
import type { Db } from '../db/database.ts';
import { transact } from '../db/transact.ts';

export interface ReadBlock {
  number: bigint;
  hash: string;
}

/** How many recent blocks' hashes are kept per chain: deeper reorganisations are not expected. */
export const keptBlocks = 256n;

export async function readCursor(db: Db, chain: string): Promise<ReadBlock | undefined> {
  const row = await db
    .selectFrom('chain_cursors')
    .select(['block_number', 'block_hash'])
    .where('chain', '=', chain)
    .executeTakeFirst();
  return row && { number: BigInt(row.block_number), hash: row.block_hash };
}

/** Saves the blocks of a batch (in ascending order) and moves the cursor to the last of them. */
export async function saveBatch(db: Db, chain: string, blocks: readonly ReadBlock[]) {
  const last = blocks.at(-1);
  if (!last) return;
  await transact(db, async (trx) => {
    await trx
      .insertInto('chain_blocks')
      .values(blocks.map((b) => ({ chain, number: b.number.toString(), hash: b.hash })))
      .onConflict((conflict) =>
        conflict
          .columns(['chain', 'number'])
          .doUpdateSet((eb) => ({ hash: eb.ref('excluded.hash') })),
      )
      .execute();
    await trx
      .deleteFrom('chain_blocks')
      .where('chain', '=', chain)
      .where('number', '<=', (last.number - keptBlocks).toString())
      .execute();
    const cursor = {
      block_number: last.number.toString(),
      block_hash: last.hash,
      updated_at: new Date(),
    };
    await trx
      .insertInto('chain_cursors')
      .values({ chain, ...cursor })
      .onConflict((conflict) => conflict.column('chain').doUpdateSet(cursor))
      .execute();
  });
}

/** The kept blocks of a chain, newest first: where a reorganisation is looked for. */
export async function keptBlocksOf(db: Db, chain: string): Promise<ReadBlock[]> {
  const rows = await db
    .selectFrom('chain_blocks')
    .select(['number', 'hash'])
    .where('chain', '=', chain)
    .orderBy('number', 'desc')
    .execute();
  return rows.map((row) => ({ number: BigInt(row.number), hash: row.hash }));
}

/**
 * Moves the cursor back to `ancestor` and forgets the blocks after it, which a reorganisation
 * replaced: the next read starts again after the ancestor. Called inside the caller's transaction.
 */
export async function rollBackCursor(trx: Db, chain: string, ancestor: ReadBlock): Promise<void> {
  await trx
    .deleteFrom('chain_blocks')
    .where('chain', '=', chain)
    .where('number', '>', ancestor.number.toString())
    .execute();
  await trx
    .updateTable('chain_cursors')
    .set({
      block_number: ancestor.number.toString(),
      block_hash: ancestor.hash,
      updated_at: new Date(),
    })
    .where('chain', '=', chain)
    .execute();
}
