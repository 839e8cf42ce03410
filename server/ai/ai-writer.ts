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
import { type SliceBudget, SliceSizer } from '../engine/slice-sizer.ts';
import { BusinessError } from '../http/business-error.ts';
import { AccountDirectory } from '../ledger/account-directory.ts';
import type { AccountRef } from '../ledger/accounts.ts';
import type { BalanceChange, Posting } from '../ledger/post.ts';
import { writePostings } from '../ledger/write-postings.ts';
import { type AccrualSlice, groupKey, planAccrualSlice } from './accrual-slice.ts';
import {
  type AccrualDay,
  type AccrualRound,
  changeProducts,
  findOrders,
  findProducts,
  groupOrders,
  insertOrders,
  lastOrderId,
  markWithdrawn,
  type Order,
  type Product,
  recordAccruals,
  saveRound,
} from './ai-store.ts';
import { buyReference, withdrawReference } from './ledger-kinds.ts';

type Command =
  | { kind: 'buy'; userId: number; productId: number; amount: bigint }
  | { kind: 'withdraw'; userId: number; orderId: number }
  | { kind: 'accrue'; productId: number; startsAt: number; fromDay: number; toDay: number };

type Answer = AiOrder | AccrualSlice;

const funding = (user: number, asset: string): AccountRef => ({ user, wallet: 'funding', asset });
const pool = (asset: string): AccountRef => ({ system: 'product_pools', asset });
const reserve = (asset: string): AccountRef => ({ system: 'ai_reserve', asset });

export class AiWriter {
  readonly #commands: GroupCommit<Command, Answer>;
  readonly #accounts = new AccountDirectory();
  readonly #slice: SliceSizer;
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
      /** How long an accrual's slice may take; the round's default unless a test sets it. */
      slice?: SliceBudget;
    },
  ) {
    this.#slice = new SliceSizer(options.slice);
    this.#commands = new GroupCommit({
      db: options.db,
      batchMax: options.batchMax,
      run: (work) => this.#attempt(work),
      rebuild: () => this.rebuild(),
      log: options.log,
      label: 'ai',
      // An accrual's slice runs alone: its time, which sizes the next, is the slice's own.
      alone: (command) => command.kind === 'accrue',
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

  /**
   * Pays the next slice of a group's owners their days `fromDay`..`toDay` (1-based), or of the
   * group's round under way; answers the orders paid and whether the round is done.
   */
  accrue(
    productId: number,
    startsAt: number,
    fromDay: number,
    toDay: number,
  ): Promise<AccrualSlice> {
    return this.#commands.submit({
      kind: 'accrue',
      productId,
      startsAt,
      fromDay,
      toDay,
    }) as Promise<AccrualSlice>;
  }

  async idle(): Promise<void> {
    await this.#commands.idle();
  }

  async #attempt(work: Pending<Command, Answer>[]): Promise<void> {
    const { db } = this.options;
    const now = this.options.now();
    // A slice's time is the whole batch's, its reads included: what an order queued behind it waits.
    const started = performance.now();
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
    const paidThrough = new Map<string, { toDay: number; throughUser: number }>();
    const rounds: { round: AccrualRound; ended: boolean }[] = [];
    let owners = 0;
    const leaving: Order[] = [];
    const accruals: AccrualDay[] = [];
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
        const batchPaid = paidThrough.get(groupKey(order.productId, order.startsAt));
        // Days this batch paid the order before its withdrawal count as paid.
        const paidDays = Math.min(
          Math.max(
            order.groupPaidDays,
            batchPaid && order.userId <= batchPaid.throughUser ? batchPaid.toDay : 0,
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
        if (!product) {
          answers.push({ orders: 0, finished: true });
          continue;
        }
        const plan = await planAccrualSlice(db, product, command, {
          owners: this.#slice.size,
          leaving,
          now,
        });
        if (plan.posting) postings.push(plan.posting);
        if (plan.round) rounds.push({ round: plan.round, ended: plan.ended });
        if (plan.paid) paidThrough.set(groupKey(product.id, command.startsAt), plan.paid);
        if (plan.matures) matured.push({ product, startsAt: command.startsAt });
        accruals.push(...plan.days);
        owners += plan.owners;
        answers.push(plan.answer);
      }
    }
    const ids = await this.#accounts.resolve(
      db,
      postings.flatMap((posting) => posting.legs.map((leg) => leg.account)),
    );
    const changed = await transact(db, async (trx) => {
      await insertOrders(trx, placed);
      for (const order of withdrawn) await markWithdrawn(trx, order);
      for (const { round, ended } of rounds) await saveRound(trx, round, ended);
      await recordAccruals(trx, accruals);
      await changeProducts(trx, changes);
      const balances = await writePostings(trx, postings, ids);
      await storeKeys(trx, work, answers);
      return balances;
    });
    for (const [i, pending] of work.entries()) settle(pending, answers[i] as Answer | Error);
    if (changed.length > 0) this.options.onBalances(changed, now);
    for (const group of matured) await this.#tellMatured(group.product, group.startsAt, now);
    if (owners > 0) this.#slice.record(owners, performance.now() - started);
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
