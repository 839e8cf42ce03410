// The chain-watcher interface: a watcher reports transfers paying into deposit addresses, with
// their confirmations, as often as it likes; a transfer (a transaction, or one log of it) is
// recorded once, its confirmations follow the reports, and it is credited exactly once when it has
// enough. A transfer a reorganisation dropped (`dropped`) and that is reported again, from the
// chain that replaced its block, is confirming again from its new block. A watcher reports a
// block's transfers together: they are recorded and credited in a few statements, not one
// transaction each, so a busy chain costs the watcher little.
import type { Selectable, Transaction } from 'kysely';
import { sql } from 'kysely';
import { parseAmount } from '../../core/money.ts';
import type { Db } from '../db/database.ts';
import type { Database, DepositsTable } from '../db/tables.ts';
import { transact } from '../db/transact.ts';
import type { BalanceChange } from '../ledger/post.ts';
import { creditDeposits } from './credit-deposit.ts';
import { familyChains } from './deposit-addresses.ts';

export interface ChainTransaction {
  chain: string;
  txid: string;
  /** The deposit address paid. */
  address: string;
  asset: string;
  amount: string;
  confirmations: number;
  /** The transfer's log in the transaction (an ERC-20 transfer); absent for a native transfer. */
  logIndex?: number;
  /** The block it was seen in, on a real chain (a reorganisation may replace it); absent on the simulated one. */
  blockNumber?: bigint;
  blockHash?: string;
}

export type DepositRow = Selectable<DepositsTable>;
export type DepositOutcome = 'unknown-address' | 'confirming' | 'credited' | 'already-credited';

export interface DepositReport {
  tx: ChainTransaction;
  required: number;
}

export interface ObservedDeposits {
  /** Every deposit whose row the reports changed (recorded, counted, moved, or credited), as committed. */
  changed: DepositRow[];
  /** Those of them credited by these reports. */
  credited: DepositRow[];
  /** The new balances of the accounts credited. */
  balances: BalanceChange[];
}

/** Rows written per statement: well inside PostgreSQL's 65,535 parameters at 13 a row. */
const rowsPerStatement = 2000;

/** Records the reported transfers and credits those with enough confirmations, in one transaction. */
export async function observeDeposits(
  db: Db,
  reports: readonly DepositReport[],
): Promise<ObservedDeposits> {
  const owners = await ownersOf(db, reports);
  const values = uniqueTransfers(reports).flatMap(({ tx, required }) => {
    const owner = owners.get(ownerKey(tx.chain, tx.address));
    const amount = parseAmount(tx.amount);
    if (owner === undefined || amount === null || amount <= 0n) return [];
    return [
      {
        user_id: owner,
        asset: tx.asset,
        chain: tx.chain,
        txid: tx.txid,
        address: tx.address,
        amount: tx.amount,
        confirmations: tx.confirmations,
        required_confirmations: required,
        status: 'confirming' as const,
        credited_at: null,
        log_index: tx.logIndex ?? -1,
        block_number: tx.blockNumber?.toString() ?? null,
        block_hash: tx.blockHash ?? null,
      },
    ];
  });
  if (values.length === 0) return { changed: [], credited: [], balances: [] };
  return transact(db, async (trx) => {
    const changed = new Map<number, DepositRow>();
    for (let start = 0; start < values.length; start += rowsPerStatement) {
      const rows = await trx
        .insertInto('deposits')
        .values(values.slice(start, start + rowsPerStatement))
        .onConflict((conflict) =>
          conflict
            .columns(['chain', 'txid', 'log_index'])
            .doUpdateSet((eb) => ({
              confirmations: eb.ref('excluded.confirmations'),
              // Reported again after a reorganisation dropped it: it is in the new chain after all.
              status: sql<'confirming'>`'confirming'`,
              block_number: sql`coalesce(excluded.block_number, deposits.block_number)`,
              block_hash: sql`coalesce(excluded.block_hash, deposits.block_hash)`,
            }))
            // A credited transfer stays as it is; one reported as it already stands is no change.
            .where('deposits.status', '<>', 'credited')
            .where(
              sql<boolean>`(deposits.confirmations, deposits.status, deposits.block_hash)
                is distinct from (excluded.confirmations, 'confirming', coalesce(excluded.block_hash, deposits.block_hash))`,
            ),
        )
        .returningAll()
        .execute();
      for (const row of rows) changed.set(row.id, row);
    }
    const { credited, balances } = await creditReady(trx, [...changed.values()]);
    for (const row of credited) changed.set(row.id, row);
    return { changed: [...changed.values()], credited, balances };
  });
}

/**
 * Credits the rows given that are confirming with enough confirmations, and marks them
 * credited; answers them as they now stand, and the balances credited. For a watcher that counts confirmations itself too.
 */
export async function creditReady(
  trx: Transaction<Database>,
  rows: readonly DepositRow[],
): Promise<{ credited: DepositRow[]; balances: BalanceChange[] }> {
  const ready = rows.filter(
    (row) => row.status === 'confirming' && row.confirmations >= row.required_confirmations,
  );
  if (ready.length === 0) return { credited: [], balances: [] };
  const balances = await creditDeposits(
    trx,
    ready.map((row) => ({
      userId: row.user_id,
      asset: row.asset,
      chain: row.chain,
      txid: row.txid,
      logIndex: row.log_index,
      amount: parseAmount(row.amount) ?? 0n,
    })),
  );
  const credited = await trx
    .updateTable('deposits')
    .set({ status: 'credited', credited_at: new Date() })
    .where(
      'id',
      'in',
      ready.map((row) => row.id),
    )
    .where('status', '=', 'confirming')
    .returningAll()
    .execute();
  return { credited, balances };
}

/** One report: what happened to this transfer. */
export async function observeDeposit(
  db: Db,
  tx: ChainTransaction,
  requiredConfirmations: number,
): Promise<DepositOutcome> {
  const { credited } = await observeDeposits(db, [{ tx, required: requiredConfirmations }]);
  if (credited.length > 0) return 'credited';
  const row = await db
    .selectFrom('deposits')
    .select('status')
    .where('chain', '=', tx.chain)
    .where('txid', '=', tx.txid)
    .where('log_index', '=', tx.logIndex ?? -1)
    .executeTakeFirst();
  if (!row) return 'unknown-address';
  return row.status === 'credited' ? 'already-credited' : 'confirming';
}

const ownerKey = (chain: string, address: string) =>
  `${familyChains(chain)[0] ?? chain}:${address}`;

/**
 * The owners of the addresses paid, by family and address: an address of any chain of the family,
 * so a token paid to a user's ETH address is theirs even before they asked for their ERC20 one.
 */
async function ownersOf(db: Db, reports: readonly DepositReport[]): Promise<Map<string, number>> {
  const owners = new Map<string, number>();
  const byFamily = new Map<string, { chains: string[]; addresses: Set<string> }>();
  for (const { tx } of reports) {
    const chains = familyChains(tx.chain);
    if (chains.length === 0) continue;
    const family = byFamily.get(chains[0] as string) ?? { chains, addresses: new Set<string>() };
    family.addresses.add(tx.address);
    byFamily.set(chains[0] as string, family);
  }
  for (const { chains, addresses } of byFamily.values()) {
    const list = [...addresses];
    for (let start = 0; start < list.length; start += rowsPerStatement) {
      const rows = await db
        .selectFrom('deposit_addresses')
        .select(['address', 'user_id'])
        .where('chain', 'in', chains)
        .where('address', 'in', list.slice(start, start + rowsPerStatement))
        .execute();
      for (const row of rows) owners.set(ownerKey(chains[0] as string, row.address), row.user_id);
    }
  }
  return owners;
}

/** The last report of each transfer: one statement may not touch a row twice. */
function uniqueTransfers(reports: readonly DepositReport[]): DepositReport[] {
  const last = new Map<string, DepositReport>();
  for (const report of reports) {
    last.set(`${report.tx.chain}:${report.tx.txid}:${report.tx.logIndex ?? -1}`, report);
  }
  return [...last.values()];
}
