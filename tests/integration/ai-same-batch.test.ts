// An AI order's early withdrawal and its group's accrual sent together, on both databases, in
// either order: the principal comes back once. The writer runs the accrual's slice in a batch of
// its own (server/engine/group-commit.ts `alone`), in the order the two were sent. A withdrawal taken first leaves the order out of
// the accrual; an accrual taken first pays the order its days (its principal too at maturity), and
// the withdrawal then sees those days paid: refused once the order matured, or paid less the
// rewards. Before, each read the order as it stood before the batch, so a withdrawal sent at the
// maturity's second returned the principal twice.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dailyReward, nextMidnight } from '../../core/ai/schedule.ts';
import { orderView } from '../../server/ai/ai-views.ts';
import { AiWriter } from '../../server/ai/ai-writer.ts';
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
/** 10 % a year on 1,000 USDT for 30 days. */
const principal = 1_000n * usdt;

describe.each(await eachDatabase())(
  'a withdrawal and an accrual in one batch, on %s',
  (...databaseCase) => {
    const { skip, opened: database } = databaseOn(databaseCase);

    /** A user with one order of `principal`, and the batch sent in `order` at `day` of 30. */
    async function race(order: 'withdraw first' | 'accrue first', days: number) {
      const { db } = database();
      const bought = Date.parse('2026-03-01T10:00:00Z');
      let now = bought;
      const writer = new AiWriter({
        db,
        now: () => now,
        batchMax: 512,
        orderView,
        onBalances: () => undefined,
        onMatured: () => undefined,
        log: silent,
      });
      await writer.rebuild();
      const productId = await insertAiProduct(db, now);
      await fundAiReserve(db, productId, 100_000_000n);
      const [userId] = await fundedUsers(db, 1, [
        { wallet: 'funding', asset: 'USDT', amount: 5_000n * usdt },
      ]);
      if (userId === undefined) throw new Error('no user');
      const key = () => ({ userId, key: randomUUID(), path: '/ai', request: {} });
      const placed = await writer.buy(userId, productId, principal, key());
      const startsAt = nextMidnight(bought);
      now = startsAt + days * dayMs + 1000;
      // Sent in one turn of the event loop: the writer takes them one after the other, the slice
      // alone.
      const sent =
        order === 'withdraw first'
          ? [writer.withdraw(userId, placed.id, key()), writer.accrue(productId, startsAt, 1, days)]
          : [
              writer.accrue(productId, startsAt, 1, days),
              writer.withdraw(userId, placed.id, key()),
            ];
      const settled = await Promise.allSettled(sent);
      const balance = await balanceOf(db, userId, 'funding', 'USDT');
      expect(await auditLedger(db)).toEqual([]);
      return { settled, balance: balance.available, start: 5_000n * usdt };
    }

    const rewards = (days: number) => dailyReward(principal, 100_000) * BigInt(days);

    it.skipIf(skip)('returns the principal once when the withdrawal is taken first', async () => {
      const { settled, balance, start } = await race('withdraw first', 30);
      expect(settled.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
      // Withdrawn before any day was paid: the principal back, no reward, and nothing more.
      expect(balance).toBe(start);
    });

    it.skipIf(skip)('refuses the withdrawal of an order the batch matured', async () => {
      const { settled, balance, start } = await race('accrue first', 30);
      expect(settled[0]?.status).toBe('fulfilled');
      expect(settled[1]?.status).toBe('rejected');
      expect(balance).toBe(start + rewards(30));
    });

    it.skipIf(skip)('withdraws less the days the batch paid, before maturity', async () => {
      const { settled, balance, start } = await race('accrue first', 10);
      expect(settled.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
      // Ten days paid, then the principal less those ten days: the rewards given back.
      expect(balance).toBe(start);
    });
  },
);
