// A snapshot of the proof of reserves: the users' liabilities read at one moment, shuffled, made
// into a Merkle sum tree, and its root and leaves stored so that each user can be given a proof.
import { formatAmount } from '../../core/money.ts';
import { type ReservesRootJson, rootToJson } from '../../core/wallet/proof-json.ts';
import { buildReservesTree, reservesRoot } from '../../core/wallet/proof-of-reserves.ts';
import type { ReserveHoldingsJson } from '../chain/holdings-json.ts';
import type { Db } from '../db/database.ts';
import { readLiabilities } from './liabilities.ts';

const batch = 1000;

export interface Snapshot {
  id: number;
  createdAt: Date;
  root: ReservesRootJson;
  holdings: ReserveHoldingsJson | null;
}

/** A tree needs at least one user. */
export class NoUsersError extends Error {
  override name = 'NoUsersError';
}

/**
 * `fallbackAssets` are the tree's assets when no user holds any: it needs at least one.
 * `holdings`, read just before, are published with it (null: no real chain to read).
 */
export async function takeSnapshot(
  db: Db,
  fallbackAssets: readonly string[],
  holdings: ReserveHoldingsJson | null = null,
): Promise<Snapshot> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const { assets, entries } = await readLiabilities(trx);
      if (entries.length === 0) throw new NoUsersError('there are no users to prove reserves to');
      const tree = buildReservesTree(assets.length > 0 ? assets : fallbackAssets, entries);
      const root = rootToJson(reservesRoot(tree));
      const snapshot = await trx
        .insertInto('reserve_snapshots')
        .values({
          root: JSON.stringify(root),
          holdings: holdings === null ? null : JSON.stringify(holdings),
        })
        .returning(['id', 'created_at'])
        .executeTakeFirstOrThrow();
      for (let i = 0; i < entries.length; i += batch) {
        await trx
          .insertInto('reserve_leaves')
          .values(
            entries.slice(i, i + batch).map((entry, k) => ({
              snapshot_id: snapshot.id,
              user_id: Number(entry.userId),
              position: i + k,
              balances: JSON.stringify(
                Object.fromEntries(
                  Object.entries(entry.balances).map(([asset, atoms]) => [
                    asset,
                    formatAmount(atoms),
                  ]),
                ),
              ),
            })),
          )
          .execute();
      }
      return { id: snapshot.id, createdAt: snapshot.created_at, root, holdings };
    });
}
