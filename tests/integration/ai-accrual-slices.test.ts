// An AI group's accrual paid a slice of owners at a time, on both databases: a writer that stops
// partway and a new one that carries on pay every owner their days once, a withdrawal between two
// slices counts the days its owner was already paid (and only those), the group's days are
// recorded once when the last slice is paid, and the ledger check holds.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dailyReward, earlyWithdrawal, nextMidnight } from '../../core/ai/schedule.ts';
import { displayAmount } from '../../core/money.ts';
import { orderView } from '../../server/ai/ai-views.ts';
import { AiWriter } from '../../server/ai/ai-writer.ts';
import type { SliceBudget } from '../../server/engine/slice-sizer.ts';
import { auditLedger } from '../../server/ledger-audit.ts';
import { databaseOn, eachDatabase } from '../support/each-database.ts';
import { silent, usdt } from '../support/writer-case.ts';
import {
  balanceOf,
  fundAiReserve,
  fundedUsers,
  insertAiProduct,
} from '../support/writer-fixtures.ts';

const dayMs = 86_400_000;
const owners = 10;
/** Three owners a slice, whatever they cost. */
const threeEach: SliceBudget = { targetMs: 25, min: 3, max: 3, first: 3 };
const start = 5_000n * usdt;
const principal = 1_000n * usdt;
/** 10 % a year: the product of `insertAiProduct`. */
const daily = dailyReward(principal, 100_000);

describe.each(await eachDatabase())("an AI group's accrual in slices, on %s", (...databaseCase) => {
  const { skip, opened: database } = databaseOn(databaseCase);

  it.skipIf(skip)(
    'pays every owner once across a writer that stops partway and one that carries on',
    async () => {
      const { db } = database();
      const bought = Date.parse('2026-03-01T10:00:00Z');
      let now = bought;
      const writerOn = () =>
        new AiWriter({
          db,
          now: () => now,
          batchMax: 512,
          orderView,
          onBalances: () => undefined,
          onMatured: () => undefined,
          log: silent,
          slice: threeEach,
        });
      const first = writerOn();
      await first.rebuild();
      const productId = await insertAiProduct(db, now);
      await fundAiReserve(db, productId, start);
      const users = await fundedUsers(db, owners, [
        { wallet: 'funding', asset: 'USDT', amount: start },
      ]);
      const key = (userId: number) => ({ userId, key: randomUUID(), path: '/ai', request: {} });
      // Two orders each, so a slice of owners pays more orders than owners.
      const orders = await Promise.all(
        users.flatMap((userId) => [
          first.buy(userId, productId, principal, key(userId)),
          first.buy(userId, productId, principal, key(userId)),
        ]),
      );
      const startsAt = nextMidnight(bought);
      // Five days have ended: one round pays them, three owners a slice.
      now = startsAt + 5 * dayMs + 1000;
      const firstSlices = [
        await first.accrue(productId, startsAt, 1, 5),
        await first.accrue(productId, startsAt, 1, 5),
      ];
      expect(firstSlices).toEqual([
        { orders: 6, finished: false },
        { orders: 6, finished: false },
      ]);
      await first.idle();

      // Between two slices, an owner already paid and one not yet paid each withdraw an order.
      const ids = [...users].sort((a, b) => a - b);
      const [paidOwner, unpaidOwner] = [ids[0] as number, ids.at(-1) as number];
      const second = writerOn();
      await second.rebuild();
      const orderOf = (userId: number) => {
        const order = orders.find((_, i) => users[Math.floor(i / 2)] === userId);
        if (!order) throw new Error('no order');
        return order;
      };
      const early = await second.withdraw(paidOwner, orderOf(paidOwner).id, key(paidOwner));
      const late = await second.withdraw(unpaidOwner, orderOf(unpaidOwner).id, key(unpaidOwner));
      // Paid its five days already: the principal less them. Not reached yet: all of it.
      expect(early.withdrawn).toBe(displayAmount(earlyWithdrawal(principal, daily * 5n)));
      expect(late.withdrawn).toBe('1000');

      const rest = [];
      for (;;) {
        const slice = await second.accrue(productId, startsAt, 1, 5);
        rest.push(slice);
        if (slice.finished) break;
      }
      // Ten owners: six by the first writer, three and then the last one by the second, whose
      // withdrawn order is left out.
      expect(rest).toEqual([
        { orders: 6, finished: false },
        { orders: 1, finished: true },
      ]);
      // Asked again, the days are paid: nothing more.
      expect(await second.accrue(productId, startsAt, 1, 5)).toEqual({ orders: 0, finished: true });

      const recorded = await db
        .selectFrom('ai_accruals')
        .select(['day', 'orders'])
        .where('product_id', '=', productId)
        .orderBy('day')
        .execute();
      // The group's orders paid in the round: 20 less the one withdrawn before its slice.
      expect(recorded).toEqual([1, 2, 3, 4, 5].map((day) => ({ day, orders: 19 })));
      for (const userId of users) {
        const held = userId === paidOwner || userId === unpaidOwner ? 1n : 2n;
        const { available } = await balanceOf(db, userId, 'funding', 'USDT');
        const expected =
          userId === paidOwner
            ? // Both orders paid five days; one then returned its principal less those days.
              start - 2n * principal + 2n * daily * 5n + earlyWithdrawal(principal, daily * 5n)
            : // The orders still held paid five days; one withdrawn unpaid returned in full.
              start - 2n * principal + held * daily * 5n + (2n - held) * principal;
        expect(available, `user ${userId}`).toBe(expected);
      }
      expect(await auditLedger(db)).toEqual([]);
    },
    120_000,
  );
});
