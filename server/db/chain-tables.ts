// Row types of the real chains' tables (migrations 0018 and 0020), kept apart from `tables.ts`.
import type { ColumnType, Generated } from 'kysely';

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

export type SendPurpose = 'withdrawal' | 'sweep' | 'gas';
/** queued: nonce not yet fixed or not yet broadcast; sent: broadcast, not yet confirmed. */
export type SendStatus = 'queued' | 'sent' | 'confirmed' | 'failed';

/** A transaction the platform signs. Amounts are integers in the asset's chain units (wei, 10⁻⁶ USDT). */
export interface ChainSendsTable {
  id: Generated<number>;
  chain: string;
  purpose: SendPurpose;
  withdrawal_id: number | null;
  /** Which child of the account key signs it: `hot`, or `deposit:<n>` (server/chain/signer/signer.ts). */
  signing_key: string;
  from_address: string;
  to_address: string;
  asset: string;
  value: string;
  nonce: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  status: SendStatus;
  gas_limit: string | null;
  /** The hash last broadcast, or the one mined once it is. */
  tx_hash: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  broadcast_at: Date | null;
  block_number: ColumnType<
    string | null,
    string | number | null | undefined,
    string | number | null
  >;
  confirmations: ColumnType<number, number | undefined, number>;
  /** What the mined transaction cost in wei (gas used × effective price). */
  fee_paid: string | null;
  error: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** Every signed version of a send, under its own hash: one of them is mined, at most. */
export interface ChainSendHashesTable {
  tx_hash: string;
  send_id: number;
  raw_tx: string;
  max_fee_per_gas: string;
  max_priority_fee_per_gas: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** The next nonce of each address the platform signs for: taken in the transaction of its send. */
export interface ChainNoncesTable {
  chain: string;
  address: string;
  next_nonce: BlockNumber;
}

/** What the operator must look at (`ops chain incidents`). */
export interface ChainIncidentsTable {
  id: Generated<number>;
  chain: string;
  kind: string;
  block_number: ColumnType<
    string | null,
    string | number | null | undefined,
    string | number | null
  >;
  details: ColumnType<Record<string, unknown>, string, string>;
  created_at: ColumnType<Date, Date | undefined, never>;
  resolved_at: Date | null;
}

export interface ChainTables {
  chain_cursors: ChainCursorsTable;
  chain_blocks: ChainBlocksTable;
  chain_nonces: ChainNoncesTable;
  chain_sends: ChainSendsTable;
  chain_send_hashes: ChainSendHashesTable;
  chain_incidents: ChainIncidentsTable;
}
