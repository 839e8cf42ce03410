// The deposits a page listed, brought up to date with those the `deposits` channel told of after
// the list was asked for (the worker passes only those, core/projections/wallet.ts): each listed
// deposit in its newer state, and the deposits recorded since on top. Both the deposit page's view
// and the deposit list use it.

/**
 * `listed` newest first, `live` in any order. A live deposit older than the newest listed and not
 * among them is on a later page: it is left for that page's own rows.
 */
export function withLiveDeposits<T extends { id: number }>(
  listed: readonly T[],
  live: readonly T[],
): T[] {
  const liveById = new Map(live.map((row) => [row.id, row]));
  const newestListed = listed.reduce((newest, row) => Math.max(newest, row.id), 0);
  const added = live.filter((row) => row.id > newestListed).sort((a, b) => b.id - a.id);
  return [...added, ...listed.map((row) => liveById.get(row.id) ?? row)];
}
