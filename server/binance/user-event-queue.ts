// What a product's door events share (docs/api-binance.md § "User data streams"): the lookups of a
// commit's events run one commit after another, so a user's events leave in commit order; and the
// id of each of a commit's fills is found from the trades table's rows of its taker orders.

/** Commits waiting for their lookups past which new ones are dropped: events are news, not records. */
const maxPending = 1_000;

/** Runs each commit's work after the previous one's; drops (and says so) past `maxPending`. */
export function userEventQueue(log: {
  warn(details: object, message: string): void;
}): (work: () => Promise<void>) => void {
  let queue: Promise<void> = Promise.resolve();
  let pending = 0;
  return (work) => {
    if (pending >= maxPending) {
      log.warn({ pending }, 'user stream events dropped: lookups are behind');
      return;
    }
    pending += 1;
    queue = queue
      .then(work)
      .catch((error: unknown) => log.warn({ err: error }, 'user stream events not published'))
      .finally(() => {
        pending -= 1;
      });
  };
}

/**
 * The id of each of a commit's fills, from the stored trades of its taker orders (`rows`, in id
 * order). A taker order trades only in the command that placed it, so its stored trades are
 * exactly its fills in this commit, in the same order.
 */
export function fillIds(
  rows: readonly { id: string | number; taker_order_id: string | number }[],
  fills: readonly { takerOrderId: number }[],
): (number | undefined)[] {
  const byTaker = new Map<number, number[]>();
  for (const row of rows) {
    const ids = byTaker.get(Number(row.taker_order_id)) ?? [];
    ids.push(Number(row.id));
    byTaker.set(Number(row.taker_order_id), ids);
  }
  const seen = new Map<number, number>();
  return fills.map((fill) => {
    const n = seen.get(fill.takerOrderId) ?? 0;
    seen.set(fill.takerOrderId, n + 1);
    return byTaker.get(fill.takerOrderId)?.[n];
  });
}
