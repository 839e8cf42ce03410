// Row types of the real chains' watcher tables (migration 0018), kept apart from `tables.ts`.
import type { ColumnType } from 'kysely';

/** A block number: bigint in the database, read back as a string by PostgreSQL's driver. */
type BlockNumber = ColumnType<string | number, string | number, string | number>;

export interface ChainCursorsTable {
  chain: string;
  /** The last block the watcher has read every deposit of. */
  block_number: BlockNumber;
  block_hash: string;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** Recent blocks' hashes as the watcher read them: a different hash later means a reorganisation. */
export interface ChainBlocksTable {
  chain: string;
  number: BlockNumber;
  hash: string;
}

export interface ChainTables {
  chain_cursors: ChainCursorsTable;
  chain_blocks: ChainBlocksTable;
}
