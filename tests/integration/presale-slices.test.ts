// A pre-sale's distribution in slices, on both databases: each slice is its own transaction, with
// its users' postings and how far the distribution has come, so a writer that stops partway (a
// crash, a new node taking over) and a new one that carries on distribute every user exactly once,
// as the published allocation says, and the ledger check holds. Commitments to another project are
// answered between the slices.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseAmount } from '../../core/money.ts';
import { allocate } from '../../core/subscription/allocation.ts';
import type { Db } from '../../server/db/database.ts';
import type { SliceBudget } from '../../server/engine/slice-sizer.ts';
import { auditLedger } from '../../server/ledger-audit.ts';
import { Allocations } from '../../server/subscription/allocations.ts';
import {
  distributedUsers,
  findProjects,
  projectCommitments,
} from '../../server/subscription/subscription-store.ts';
import { recordView } from '../../server/subscription/subscription-views.ts';
import { SubscriptionWriter } from '../../server/subscription/subscription-writer.ts';
import { databaseOn, eachDatabase } from '../support/each-database.ts';
import { silent, usdt } from '../support/writer-case.ts';
import { balanceOf, fundedUsers, insertPresaleProject } from '../support/writer-fixtures.ts';

const day = 86_400_000;
const users = 40;
/** Seven users a slice, whatever they cost: six slices and a last, short one. */
const sevenEach: SliceBudget = { targetMs: 25, min: 7, max: 7, first: 7 };

async function progress(db: Db, projectId: number): Promise<number> {
  const project = (await findProjects(db, [projectId])).get(projectId);
  if (!project) throw new Error('no project');
  return distributedUsers(db, project);
}

describe.each(await eachDatabase())(
  "a pre-sale's distribution in slices, on %s",
  (...databaseCase) => {
    const { skip, opened: database } = databaseOn(databaseCase);

    it.skipIf(skip)(
      'credits every user once across a writer that stops partway and one that carries on',
      async () => {
        const { db } = database();
        let now = Date.now();
        const writerOn = () =>
          new SubscriptionWriter({
            db,
            now: () => now,
            batchMax: 512,
            allocations: new Allocations(db),
            recordOf: (project, commitment, allocation) =>
              recordView(project, commitment, allocation, now, null),
            onBalances: () => undefined,
            onDistributed: () => undefined,
            log: silent,
            slice: sevenEach,
          });
        const first = writerOn();
        const projectId = await insertPresaleProject(db, now);
        // Another project, open while this one is distributed.
        const other = await insertPresaleProject(db, now + 32 * day);
        const traders = await fundedUsers(db, users, [
          { wallet: 'funding', asset: 'USDT', amount: 200_000n * usdt },
        ]);
        // Different amounts, so the allocation's shares and remainders differ user by user.
        const committed = traders.map((_, i) => BigInt(1_000 + 37 * i) * usdt);
        await Promise.all(
          traders.map((userId, i) =>
            first.commit(
              { userId, projectId, amount: committed[i] as bigint },
              { userId, key: randomUUID(), path: '/subscription/buy', request: {} },
            ),
          ),
        );

        // The pre-sale ends and its distribution comes due; two slices, then the writer is gone.
        now += 32 * day;
        expect(await first.allocate(projectId)).toBe(users);
        expect(await first.distribute(projectId)).toBe(7);
        expect(await first.distribute(projectId)).toBe(7);
        await first.idle();
        // What the operators' list shows of a distribution in progress.
        expect(await progress(db, projectId)).toBe(14);

        const second = writerOn();
        const slices: number[] = [];
        const [early] = traders;
        if (early === undefined) throw new Error('no traders');
        for (;;) {
          const done = await second.distribute(projectId);
          if (done === 0) break;
          slices.push(done);
          // A commitment to the other project is answered between two slices.
          if (slices.length === 2) {
            await second.commit(
              { userId: early, projectId: other, amount: 100n * usdt },
              { userId: early, key: randomUUID(), path: '/subscription/buy', request: {} },
            );
          }
        }
        // 40 users: 14 by the first writer, then 7, 7, 7 and the last 5 by the second.
        expect(slices).toEqual([7, 7, 7, 5]);
        expect(await progress(db, projectId)).toBe(users);

        const project = await db
          .selectFrom('subscription_projects')
          .select(['supply', 'price', 'asset'])
          .where('id', '=', projectId)
          .executeTakeFirstOrThrow();
        const commitments = await projectCommitments(db, projectId);
        const allocation = allocate(
          parseAmount(String(project.supply)) ?? 0n,
          parseAmount(String(project.price)) ?? 0n,
          commitments,
        );
        const byAccount = new Map(allocation.map((row) => [row.account, row]));
        expect(commitments).toHaveLength(users);
        for (const commitment of commitments) {
          const own = byAccount.get(commitment.account);
          if (!own) throw new Error('an account without an allocation');
          const elsewhere = commitment.userId === early ? 100n * usdt : 0n;
          // The tokens once, and the USDT it did not use back once: nothing twice, nothing missed.
          expect(await balanceOf(db, commitment.userId, 'funding', project.asset)).toEqual({
            available: own.tokens,
            frozen: 0n,
          });
          expect(await balanceOf(db, commitment.userId, 'funding', 'USDT')).toEqual({
            available: 200_000n * usdt - own.cost - elsewhere,
            frozen: elsewhere,
          });
        }
        expect(await auditLedger(db)).toEqual([]);
      },
      120_000,
    );
  },
);
