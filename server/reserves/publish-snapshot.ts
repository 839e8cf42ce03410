// A proof-of-reserves snapshot as the exchange publishes it: the on-chain holdings read at the
// head first, then the users' liabilities and their tree, stored together. Both the operator's
// `chain por` and the chain module's schedule take it this way.

import { readEvmHoldings } from '../chain/holdings.ts';
import { holdingsJson } from '../chain/holdings-json.ts';
import { holdingsSource, noRealChain } from '../chain/holdings-source.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { type Snapshot, takeSnapshot } from './take-snapshot.ts';

export async function publishSnapshot(db: Db, config: Config): Promise<Snapshot> {
  const source = holdingsSource(db, config);
  // An unreachable node fails the snapshot: totals published without the holdings they are
  // compared with would look as if the exchange held nothing.
  const holdings = source ? holdingsJson(await readEvmHoldings(source)) : null;
  return takeSnapshot(
    db,
    config.walletAssets.map((spec) => spec.asset),
    holdings,
  );
}

/** The snapshot as the operator's call answers it. */
export function snapshotJson(snapshot: Snapshot) {
  return {
    snapshot: snapshot.id,
    created_at: snapshot.createdAt.toISOString(),
    root: snapshot.root,
    holdings: snapshot.holdings,
    ...(snapshot.holdings === null ? { holdings_note: noRealChain } : {}),
  };
}
