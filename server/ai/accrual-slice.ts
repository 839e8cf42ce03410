// A group's accrual (a product's orders that share a first day, paid the same days) as one slice of
// its owners, so that no round of many orders holds the AI writer for long: the next owners after
// the round's last, in id order, paid their running orders' rewards for the days (and their
// principal at maturity) in one posting; the round's progress kept beside it; and, once a slice
// reaches the group's last owner, the days recorded for the group and the round ended. Everything
// a slice writes commits in one transaction, so a round stopped partway carries on from its last
// slice and pays every owner once. Orders the same batch withdrew are left out.
import { dailyReward } from '../../core/ai/schedule.ts';
import type { Db } from '../db/database.ts';
import type { AccountRef, Leg } from '../ledger/accounts.ts';
import type { Posting } from '../ledger/post.ts';
import {
  type AccrualDay,
  type AccrualRound,
  accrualRound,
  groupHoldings,
  type Holding,
  type Order,
  type Product,
} from './ai-store.ts';
import { accrueReference } from './ledger-kinds.ts';

/** What an accrual command answers: the orders its slice paid, and whether the round is done. */
export interface AccrualSlice {
  orders: number;
  finished: boolean;
}

export interface AccrualCommand {
  productId: number;
  startsAt: number;
  fromDay: number;
  toDay: number;
}

export interface SlicePlan {
  answer: AccrualSlice;
  posting: Posting | null;
  /** The round as it stands after the slice; `ended` once the group's last owner is paid. */
  round: AccrualRound | null;
  ended: boolean;
  /** The group's days, recorded when the round ends. */
  days: AccrualDay[];
  /** Owners up to this one (all, once ended) have been paid up to `toDay` by this batch. */
  paid: { toDay: number; throughUser: number } | null;
  /** Owners read: what the slice's size is judged by. */
  owners: number;
  /** The group's orders matured with this slice. */
  matures: boolean;
}

const nothing: SlicePlan = {
  answer: { orders: 0, finished: true },
  posting: null,
  round: null,
  ended: false,
  days: [],
  paid: null,
  owners: 0,
  matures: false,
};

export const groupKey = (productId: number, startsAt: number) => `${productId}:${startsAt}`;

/**
 * The next slice of the group's accrual: of the round under way if there is one (its days, not the
 * command's: a round ends before other days begin), else of a new round over the command's days,
 * unless those days were paid already.
 */
export async function planAccrualSlice(
  db: Db,
  product: Product,
  command: AccrualCommand,
  context: { owners: number; leaving: readonly Order[]; now: number },
): Promise<SlicePlan> {
  const { startsAt } = command;
  const round = await accrualRound(db, product.id, startsAt);
  const fromDay = round?.fromDay ?? command.fromDay;
  const toDay = round?.toDay ?? command.toDay;
  if (toDay < fromDay) return nothing;
  const after = round?.throughUser ?? 0;
  const slice = await groupHoldings(db, product.id, startsAt, {
    after,
    users: context.owners,
  });
  // Days already paid (a second accrual of the same days) pay nothing again.
  if (!round && slice.paidDays >= fromDay) return nothing;
  const ended = slice.owners < context.owners;
  const holdings = withoutLeaving(slice.holdings, context.leaving, product.id, startsAt);
  const matures = toDay >= product.days;
  const legs = accrualLegs(product, holdings, BigInt(toDay - fromDay + 1), matures);
  const orders = holdings.reduce((sum, holding) => sum + holding.orders, 0);
  const dayAmount = holdings.reduce(
    (sum, holding) => sum + dailyReward(holding.principal, product.aprPpm) * BigInt(holding.orders),
    0n,
  );
  const next: AccrualRound = {
    productId: product.id,
    startsAt,
    fromDay,
    toDay,
    throughUser: slice.lastOwner ?? after,
    orders: (round?.orders ?? 0) + orders,
    amount: (round?.amount ?? 0n) + dayAmount,
  };
  const days: AccrualDay[] = [];
  for (let day = fromDay; ended && day <= toDay; day++) {
    days.push({
      productId: product.id,
      startsAt,
      day,
      orders: next.orders,
      amount: next.amount,
      at: context.now,
    });
  }
  return {
    answer: { orders, finished: ended },
    posting:
      legs.length > 0
        ? {
            kind: 'ai.accrue',
            // The slice is named by the owner it starts after: one posting per slice, ever.
            reference: accrueReference.build({
              product: product.id,
              startsAt,
              days: `${fromDay}-${toDay}@${after}`,
            }),
            legs,
          }
        : null,
    // A round that ends in its first slice leaves no row behind.
    round: round || !ended ? next : null,
    ended,
    days,
    paid: { toDay, throughUser: ended ? Number.MAX_SAFE_INTEGER : next.throughUser },
    owners: slice.owners,
    matures: ended && matures && next.orders > 0,
  };
}

/** A group's holdings as read before the batch, less the orders the batch has withdrawn. */
function withoutLeaving(
  holdings: readonly Holding[],
  leaving: readonly Order[],
  productId: number,
  startsAt: number,
): Holding[] {
  const gone = new Map<string, number>();
  for (const order of leaving) {
    if (order.productId !== productId || order.startsAt !== startsAt) continue;
    const key = `${order.userId}:${order.principal}`;
    gone.set(key, (gone.get(key) ?? 0) + 1);
  }
  return holdings.flatMap((holding) => {
    const orders = holding.orders - (gone.get(`${holding.userId}:${holding.principal}`) ?? 0);
    return orders > 0 ? [{ ...holding, orders }] : [];
  });
}

const funding = (user: number, asset: string): AccountRef => ({ user, wallet: 'funding', asset });
const pool = (asset: string): AccountRef => ({ system: 'product_pools', asset });
const reserve = (asset: string): AccountRef => ({ system: 'ai_reserve', asset });

/**
 * A slice's days as one posting's legs: each owner the rewards of their running orders for those
 * days (and their principal at maturity), from the reserve (and the pool).
 */
function accrualLegs(
  product: Product,
  holdings: readonly Holding[],
  days: bigint,
  matures: boolean,
): Leg[] {
  const byUser = new Map<number, bigint>();
  let rewards = 0n;
  let principal = 0n;
  for (const holding of holdings) {
    const count = BigInt(holding.orders);
    const reward = dailyReward(holding.principal, product.aprPpm) * days * count;
    const back = matures ? holding.principal * count : 0n;
    rewards += reward;
    principal += back;
    if (reward + back > 0n)
      byUser.set(holding.userId, (byUser.get(holding.userId) ?? 0n) + reward + back);
  }
  if (byUser.size === 0) return [];
  return [
    ...(rewards > 0n
      ? [{ account: reserve(product.asset), bucket: 'available' as const, amount: -rewards }]
      : []),
    ...(principal > 0n
      ? [{ account: pool(product.asset), bucket: 'available' as const, amount: -principal }]
      : []),
    ...[...byUser].map(([user, amount]) => ({
      account: funding(user, product.asset),
      bucket: 'available' as const,
      amount,
    })),
  ];
}
