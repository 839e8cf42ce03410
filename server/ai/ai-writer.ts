// The AI products' single writer, with group commit: purchases, early withdrawals and the daily
// accruals queue while a transaction is in flight and run as one batch, written in one transaction
// with their postings and idempotency keys. Money follows the published schedule
// (core/ai/schedule.ts): the principal goes to the products' pool at purchase; each day every
// running order of a group (a product and a first day) earns its reward from the reserve, in one
// posting for the group's days; at maturity the principal comes back with the last reward; an
// early withdrawal returns the principal less the rewards paid (never below nothing), which go
// back to the reserve.
import { sql } from 'kysely';
import {
  dailyReward,
  earlyWithdrawal,
  nextMidnight,
  promisedRewards,
} from '../../core/ai/schedule.ts';
import { displayAmount, parseAmount } from '../../core/money.ts';
import type { AiOrder } from '../../schemas/api/ai.schema.ts';
import type { Db } from '../db/database.ts';
import { transact } from '../db/transact.ts';
import {
  GroupCommit,
  type IdempotencyKey,
  type Pending,
  settle,
  storeKeys,
} from '../engine/group-commit.ts';
import { BusinessError } from '../http/business-error.ts';
import { AccountDirectory } from '../ledger/account-directory.ts';
import type { AccountRef, Leg } from '../ledger/accounts.ts';
import type { BalanceChange, Posting } from '../ledger/post.ts';
import { writePostings } from '../ledger/write-postings.ts';
import {
  changeProducts,
  findOrders,
  findProducts,
  groupHoldings,
  groupOrders,
  type Holding,
  insertOrders,
  lastOrderId,
  markWithdrawn,
  type Order,
  type Product,
  recordAccruals,
} from './ai-store.ts';
import { accrueReference, buyReference, withdrawReference } from './ledger-kinds.ts';

type Command =
  | { kind: 'buy'; userId: number; productId: number; amount: bigint }
  | { kind: 'withdraw'; userId: number; orderId: number }
  | { kind: 'accrue'; productId: number; startsAt: number; fromDay: number; toDay: number };

type Answer = AiOrder | number;

const funding = (user: number, asset: string): AccountRef => ({ user, wallet: 'funding', asset });
const pool = (asset: string): AccountRef => ({ system: 'product_pools', asset });
const reserve = (asset: string): AccountRef => ({ system: 'ai_reserve', asset });

export class AiWriter {
  readonly #commands: GroupCommit<Command, Answer>;
  readonly #accounts = new AccountDirectory();
  #lastId = 0;

  constructor(
    private readonly options: {
      db: Db;
      now(): number;
      batchMax: number;
      orderView(order: Order, product: Product): AiOrder;
      onBalances(changes: readonly BalanceChange[], ts: number): void;
      /** A group's orders that matured, by owner, once its last day is paid. */
      onMatured(byUser: ReadonlyMap<number, AiOrder[]>, ts: number): void;
      log: {
        error(details: object, message: string): void;
        warn(details: object, message: string): void;
      };
    },
  ) {
    this.#commands = new GroupCommit({
      db: options.db,
      batchMax: options.batchMax,
      run: (work) => this.#attempt(work),
      rebuild: () => this.rebuild(),
      log: options.log,
      label: 'ai',
    });
  }

  async rebuild(): Promise<void> {
    this.#lastId = await lastOrderId(this.options.db);
  }

  buy(userId: number, productId: number, amount: bigint, key: IdempotencyKey): Promise<AiOrder> {
    return this.#commands.submit(
      { kind: 'buy', userId, productId, amount },
      key,
    ) as Promise<AiOrder>;
  }

  withdraw(userId: number, orderId: number, key: IdempotencyKey): Promise<AiOrder> {
    return this.#commands.submit({ kind: 'withdraw', userId, orderId }, key) as Promise<AiOrder>;
  }

  /** Pays a group's days `fromDay`..`toDay` (1-based); answers the orders paid. */
  accrue(productId: number, startsAt: number, fromDay: number, toDay: number): Promise<number> {
    return this.#commands.submit({
      kind: 'accrue',
      productId,
      startsAt,
      fromDay,
      toDay,
    }) as Promise<number>;
  }

  async idle(): Promise<void> {
    await this.#commands.idle();
  }

  async #attempt(work: Pending<Command, Answer>[]): Promise<void> {
    const { db } = this.options;
    const now = this.options.now();
    const orders = await findOrders(
      db,
      work.flatMap(({ command }) => (command.kind === 'withdraw' ? [command.orderId] : [])),
    );
    const products = await findProducts(db, [
      ...new Set(
        work.map(({ command }) =>
          command.kind === 'withdraw'
            ? (orders.get(command.orderId)?.productId ?? 0)
            : command.productId,
        ),
      ),
    ]);
    const available = await this.#available(
      work.flatMap(({ command }) => (command.kind === 'buy' ? [command.userId] : [])),
      [...products.values()].map((product) => product.asset),
    );
    const placed: Order[] = [];
    const withdrawn: { id: number; days: number; returned: bigint; at: number }[] = [];
    // What this batch did before each command, which the rows read before the batch do not show:
    // the days each group was paid up to, and the orders withdrawn (an accrual leaves them out).
    const paidThrough = new Map<string, number>();
    const leaving: Order[] = [];
    const accruals: Parameters<typeof recordAccruals>[1][number][] = [];
    const changes = new Map<number, { sold: bigint; promised: bigint }>();
    const change = (productId: number, sold: bigint, promised: bigint) => {
      const current = changes.get(productId) ?? { sold: 0n, promised: 0n };
      changes.set(productId, { sold: current.sold + sold, promised: current.promised + promised });
    };
    const postings: Posting[] = [];
    const answers: (Answer | Error)[] = [];
    const matured: { product: Product; startsAt: number }[] = [];
    for (const { command } of work) {
      if (command.kind === 'buy') {
        const product = products.get(command.productId);
        const pending = changes.get(command.productId) ?? { sold: 0n, promised: 0n };
        const refusal = buyRefusal(product, command, pending, available);
        if (refusal || !product) {
          answers.push(refusal ?? new BusinessError('ai_product_not_found'));
          continue;
        }
        const balanceKey = `${command.userId}:${product.asset}`;
        available.set(balanceKey, (available.get(balanceKey) ?? 0n) - command.amount);
        const order: Order = {
          id: ++this.#lastId,
          productId: product.id,
          userId: command.userId,
          principal: command.amount,
          boughtAt: now,
          startsAt: nextMidnight(now),
          withdrawnAt: null,
          withdrawnDays: null,
          withdrawn: null,
          groupPaidDays: 0,
        };
        placed.push(order);
        change(
          product.id,
          command.amount,
          promisedRewards(command.amount, product.aprPpm, product.days),
        );
        postings.push({
          kind: 'ai.buy',
          reference: buyReference.build({ order: order.id }),
          legs: [
            {
              account: funding(order.userId, product.asset),
              bucket: 'available',
              amount: -order.principal,
            },
            { account: pool(product.asset), bucket: 'available', amount: order.principal },
          ],
        });
        answers.push(this.options.orderView(order, product));
      } else if (command.kind === 'withdraw') {
        const order = orders.get(command.orderId);
        const product = order && products.get(order.productId);
        if (!order || !product || order.userId !== command.userId) {
          answers.push(new BusinessError('ai_order_not_found'));
          continue;
        }
        const paidDays = Math.min(
          Math.max(
            order.groupPaidDays,
            paidThrough.get(groupKey(order.productId, order.startsAt)) ?? 0,
          ),
          product.days,
        );
        if (
          order.withdrawnAt !== null ||
          paidDays >= product.days ||
          withdrawn.some((w) => w.id === order.id)
        ) {
          answers.push(new BusinessError('ai_order_finished'));
          continue;
        }
        const paid = dailyReward(order.principal, product.aprPpm) * BigInt(paidDays);
        const returned = earlyWithdrawal(order.principal, paid);
        withdrawn.push({ id: order.id, days: paidDays, returned, at: now });
        leaving.push(order);
        change(product.id, 0n, -promisedRewards(order.principal, product.aprPpm, product.days));
        postings.push({
          kind: 'ai.withdraw',
          reference: withdrawReference.build({ order: order.id }),
          legs: [
            { account: pool(product.asset), bucket: 'available', amount: -order.principal },
            {
              account: funding(order.userId, product.asset),
              bucket: 'available',
              amount: returned,
            },
            // The rewards paid come back to the reserve from the principal, as far as it goes.
            {
              account: reserve(product.asset),
              bucket: 'available',
              amount: order.principal - returned,
            },
          ],
        });
        answers.push(
          this.options.orderView(
            { ...order, withdrawnAt: now, withdrawnDays: paidDays, withdrawn: returned },
            product,
          ),
        );
      } else {
        const product = products.get(command.productId);
        if (!product || command.toDay < command.fromDay) {
          answers.push(0);
          continue;
        }
        const group = await groupHoldings(db, command.productId, command.startsAt);
        // Days already paid (a second accrual of the same days) pay nothing again.
        const fresh =
          group.paidDays < command.fromDay
            ? withoutLeaving(group.holdings, leaving, command.productId, command.startsAt)
            : [];
        if (fresh.length > 0) {
          paidThrough.set(groupKey(command.productId, command.startsAt), command.toDay);
        }
        const days = BigInt(command.toDay - command.fromDay + 1);
        const matures = command.toDay >= product.days;
        const legs = accrualLegs(product, fresh, days, matures);
        const orders = fresh.reduce((sum, holding) => sum + holding.orders, 0);
        const dayAmount = fresh.reduce(
          (sum, holding) =>
            sum + dailyReward(holding.principal, product.aprPpm) * BigInt(holding.orders),
          0n,
        );
        if (matures && fresh.length > 0) matured.push({ product, startsAt: command.startsAt });
        if (legs.length > 0) {
          postings.push({
            kind: 'ai.accrue',
            reference: accrueReference.build({
              product: product.id,
              startsAt: command.startsAt,
              days: `${command.fromDay}-${command.toDay}`,
            }),
            legs,
          });
        }
        for (let day = command.fromDay; day <= command.toDay; day++) {
          accruals.push({
            productId: product.id,
            startsAt: command.startsAt,
            day,
            orders,
            amount: dayAmount,
            at: now,
          });
        }
        answers.push(orders);
      }
    }
    const ids = await this.#accounts.resolve(
      db,
      postings.flatMap((posting) => posting.legs.map((leg) => leg.account)),
    );
    const changed = await transact(db, async (trx) => {
      await insertOrders(trx, placed);
      for (const order of withdrawn) await markWithdrawn(trx, order);
      await recordAccruals(trx, accruals);
      await changeProducts(trx, changes);
      const balances = await writePostings(trx, postings, ids);
      await storeKeys(trx, work, answers);
      return balances;
    });
    for (const [i, pending] of work.entries()) settle(pending, answers[i] as Answer | Error);
    if (changed.length > 0) this.options.onBalances(changed, now);
    for (const group of matured) await this.#tellMatured(group.product, group.startsAt, now);
  }

  /**
   * Tells the owners of a group that just matured: read back after the commit, so what is told
   * is what was written. A failed read tells nothing; the order lists still show it.
   */
  async #tellMatured(product: Product, startsAt: number, now: number): Promise<void> {
    try {
      const byUser = new Map<number, AiOrder[]>();
      for (const order of await groupOrders(this.options.db, product.id, startsAt)) {
        const mine = byUser.get(order.userId) ?? [];
        mine.push(this.options.orderView(order, product));
        byUser.set(order.userId, mine);
      }
      if (byUser.size > 0) this.options.onMatured(byUser, now);
    } catch (error) {
      this.options.log.warn({ err: error, product: product.id }, 'ai maturity not told');
    }
  }

  /** The funding balances of the batch's buyers in the products' assets, by `user:asset`. */
  async #available(userIds: readonly number[], assets: readonly string[]) {
    const balances = new Map<string, bigint>();
    const users = [...new Set(userIds)];
    if (users.length === 0) return balances;
    const { rows } = await sql<{ user_id: number; asset: string; available: string }>`
      select user_id, asset, available::text from ledger_accounts
      where user_id = any(${users}::int[]) and wallet = 'funding'
        and asset = any(${[...new Set(assets)]}::text[])`.execute(this.options.db);
    for (const row of rows) {
      balances.set(`${row.user_id}:${row.asset}`, parseAmount(row.available) ?? 0n);
    }
    return balances;
  }
}

const groupKey = (productId: number, startsAt: number) => `${productId}:${startsAt}`;

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

function buyRefusal(
  product: Product | undefined,
  command: Extract<Command, { kind: 'buy' }>,
  pending: { sold: bigint; promised: bigint },
  available: ReadonlyMap<string, bigint>,
): BusinessError | null {
  if (!product) return new BusinessError('ai_product_not_found');
  const left = product.quota - product.sold - pending.sold;
  const free = product.funded - product.promised - pending.promised;
  if (left <= 0n || free < promisedRewards(product.min, product.aprPpm, product.days)) {
    return new BusinessError('ai_product_closed');
  }
  if (command.amount < product.min) {
    return new BusinessError('amount_below_minimum', { amount: displayAmount(product.min) });
  }
  if (command.amount > product.max) {
    return new BusinessError('amount_above_maximum', { amount: displayAmount(product.max) });
  }
  if (command.amount > left) {
    return new BusinessError('ai_quota_exceeded', { amount: displayAmount(left) });
  }
  // The reserve must hold every reward this order would be promised.
  if (promisedRewards(command.amount, product.aprPpm, product.days) > free) {
    return new BusinessError('ai_product_closed');
  }
  if ((available.get(`${command.userId}:${product.asset}`) ?? 0n) < command.amount) {
    return new BusinessError('balance_insufficient');
  }
  return null;
}

/**
 * A group's days as one posting's legs: each owner the rewards of their running orders for those
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
