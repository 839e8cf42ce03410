// A user's proof in the latest snapshot. The snapshot keeps leaves, not proofs (migration 0019),
// so the tree is rebuilt from them, once per snapshot and node: the latest tree is kept until a
// newer snapshot replaces it (about 200 MB and ten seconds for a million users, by the bench).
import { parseAmount } from '../../core/money.ts';
import {
  proofToJson,
  type ReservesProofJson,
  type ReservesRootJson,
} from '../../core/wallet/proof-json.ts';
import {
  buildReservesTree,
  proofAt,
  type ReservesTree,
} from '../../core/wallet/proof-of-reserves.ts';
import type { ReserveHoldingsJson } from '../chain/holdings-json.ts';
import type { Db } from '../db/database.ts';
import { BusinessError } from '../http/business-error.ts';

export interface ReserveProof {
  snapshot: { id: number; created_at: string };
  root: ReservesRootJson;
  proof: ReservesProofJson;
  /** What the exchange held on chain for this snapshot; null without a real chain. */
  holdings: ReserveHoldingsJson | null;
}

/** jsonb arrives parsed from PostgreSQL and may arrive as text from PGlite. */
function json<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

export function reserveProofs(db: Db) {
  let cached: { snapshotId: number; tree: Promise<ReservesTree> } | null = null;

  async function buildTree(snapshotId: number, assets: readonly string[]): Promise<ReservesTree> {
    const leaves = await db
      .selectFrom('reserve_leaves')
      .innerJoin('reserve_salts', 'reserve_salts.user_id', 'reserve_leaves.user_id')
      .where('reserve_leaves.snapshot_id', '=', snapshotId)
      .select(['reserve_leaves.user_id', 'reserve_salts.salt', 'reserve_leaves.balances'])
      .orderBy('reserve_leaves.position')
      .execute();
    return buildReservesTree(
      assets,
      leaves.map((leaf) => ({
        userId: String(leaf.user_id),
        salt: leaf.salt,
        balances: Object.fromEntries(
          Object.entries(json<Record<string, string>>(leaf.balances)).map(([asset, amount]) => [
            asset,
            parseAmount(amount) ?? 0n,
          ]),
        ),
      })),
    );
  }

  function treeOf(snapshotId: number, assets: readonly string[]): Promise<ReservesTree> {
    if (cached?.snapshotId !== snapshotId) {
      const tree = buildTree(snapshotId, assets);
      cached = { snapshotId, tree };
      // A failed build is not kept: the next request tries again.
      tree.catch(() => {
        if (cached?.tree === tree) cached = null;
      });
    }
    return cached.tree;
  }

  return async function proofOf(userId: number): Promise<ReserveProof> {
    const snapshot = await db
      .selectFrom('reserve_snapshots')
      .select(['id', 'created_at', 'root', 'holdings'])
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!snapshot) throw new BusinessError('reserve_proof_not_found');
    const leaf = await db
      .selectFrom('reserve_leaves')
      .where('snapshot_id', '=', snapshot.id)
      .where('user_id', '=', userId)
      .select('position')
      .executeTakeFirst();
    if (!leaf) throw new BusinessError('reserve_proof_not_found');
    const root = json<ReservesRootJson>(snapshot.root);
    const tree = await treeOf(snapshot.id, root.assets);
    return {
      snapshot: { id: snapshot.id, created_at: snapshot.created_at.toISOString() },
      root,
      proof: proofToJson(proofAt(tree, leaf.position)),
      holdings: snapshot.holdings === null ? null : json<ReserveHoldingsJson>(snapshot.holdings),
    };
  };
}
