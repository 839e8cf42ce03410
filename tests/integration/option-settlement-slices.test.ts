// Second contracts expiring together settled a slice at a time, on both databases: each slice is
// its own transaction with its payouts, its group's settlement row (the first slice) and how far
// the group has come, so a writer that stops partway (a crash, another node taking over) and a new
// one that carries on settle every contract once, by the decision the first slice recorded, even
// with the prints gone meanwhile. An order is answered between two slices; a contract reads as
// settled exactly when its payout is written; the operators see the round's progress; a writer
// that comes back behind the times pays nothing twice; and the ledger check holds.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { outcomeOf, payoutOf } from '../../core/option/settlement.ts';
import type { OptionContract } from '../../schemas/api/option.schema.ts';
import type { Db } from '../../server/db/database.ts';
import type { SliceBudget } from '../../server/engine/slice-sizer.ts';
import { auditLedger } from '../../server/ledger-audit.ts';
import { fundPool, optionOps, poolBalance } from '../../server/option/option-pool.ts';
import { OptionSettler } from '../../server/option/option-settler.ts';
import {
  findContract,
  type GroupSettlement,
  type OptionRow,
  openContracts,
} from '../../server/option/option-store.ts';
import { type OptionCommitted, OptionWriter } from '../../server/option/option-writer.ts';
import { databaseOn, eachDatabase } from '../support/each-database.ts';
import { optionSettings } from '../support/market-writer-cases.ts';
import { silent, usdt } from '../support/writer-case.ts';
import { balanceOf, fundedUsers } from '../support/writer-fixtures.ts';

const owners = 10;
/** Three contracts each: 30 in one group. */
const perOwner = 3;
/** Four contracts a slice, whatever they cost: seven slices of four and a last one of two. */
const fourEach: SliceBudget = { targetMs: 25, min: 4, max: 4, first: 4 };
const start = 1_000n * usdt;
const seed = 10_000_000n * usdt;
const opening = 100_000n * usdt;
const closing = 100_500n * usdt;

async function recordPrint(db: Db, ts: number, price: bigint): Promise<void> {
  await sql`insert into index_prints (symbol, ts, price, sources, stale)
    values ('BTCUSDT', ${new Date(ts).toISOString()}, ${String(price / usdt)}, '{test}', false)`.execute(
    db,
  );
}

/** The payout postings of the group, by reference. */
async function payoutReferences(db: Db): Promise<string[]> {
  const { rows } = await sql<{ reference: string }>`
    select reference from ledger_postings where kind = 'option.payout' order by id`.execute(db);
  return rows.map((row) => row.reference);
}

describe.each(await eachDatabase())(
  'second contracts settled in slices, on %s',
  (...databaseCase) => {
    const { skip, opened: database } = databaseOn(databaseCase);

    it.skipIf(skip)(
      'settles every contract once across a writer that stops partway and one that carries on',
      async () => {
        const { db } = database();
        const placedAt = Date.parse('2026-03-02T10:00:00.300Z');
        let now = placedAt;
        const events: string[] = [];
        /** Called once a batch has committed, as the writer tells the socket. */
        let afterCommit: ((committed: OptionCommitted) => void) | undefined;
        const writerOn = () =>
          new OptionWriter({
            db,
            settings: optionSettings,
            symbols: new Set(['BTCUSDT']),
            feedPredictable: false,
            now: () => now,
            latestPrint: (symbol) => ({
              symbol,
              ts: now - (now % 1000),
              price: opening,
              sources: ['test'],
              stale: false,
            }),
            batchMax: 512,
            onCommitted: (committed: OptionCommitted) => {
              if (committed.settled.length > 0) events.push(`slice ${committed.settled.length}`);
              if (committed.placed.length > 0) events.push(`placed ${committed.placed.length}`);
              afterCommit?.(committed);
            },
            log: silent,
            slice: fourEach,
          });
        await fundPool(db, seed, `test:option-pool:${randomUUID()}`);
        const users = await fundedUsers(db, owners, [
          { wallet: 'option', asset: 'USDT', amount: start },
        ]);
        const first = writerOn();
        await first.rebuild();
        const key = (userId: number) => ({
          userId,
          key: randomUUID(),
          path: '/option/order',
          request: {},
        });
        // Different stakes and both directions, so owners are paid different amounts.
        const placed = await Promise.all(
          users.flatMap((userId, i) =>
            Array.from({ length: perOwner }, (_, n) =>
              first.order(
                {
                  userId,
                  symbol: 'BTCUSDT',
                  direction: n % 2 === 0 ? 'up' : 'down',
                  unit: 'minute',
                  length: 1,
                  stake: BigInt(10 + 7 * i + n) * usdt,
                },
                key(userId),
              ),
            ),
          ),
        );
        const [group] = [...first.groups.values()].map((open) => open.group);
        if (!group || first.groups.size !== 1) throw new Error('not one group');
        const rows = [
          ...(first.groups
            .get(`BTCUSDT:${group.openTime}:${group.expiryTime}`)
            ?.contracts.values() ?? []),
        ];
        expect(rows).toHaveLength(owners * perOwner);
        await recordPrint(db, group.openTime, opening);
        await recordPrint(db, group.expiryTime, closing);

        // The group expires; the first writer settles two slices, as its settler decided, and stops.
        now = group.expiryTime + 1500;
        const decision: GroupSettlement = {
          ...group,
          openPrice: opening,
          openPrintAt: group.openTime,
          settlePrice: closing,
          settlePrintAt: group.expiryTime,
          upOutcome: 'win',
          settledAt: now,
        };
        expect(await first.settle([decision])).toEqual({ contracts: 4, left: 26 });
        expect(await first.settle([decision])).toEqual({ contracts: 4, left: 22 });
        await first.idle();

        // Partway: the first eight contracts read as settled, the rest as open, and the
        // operators see how far the group has come.
        const ids = rows.map((row) => row.id).sort((a, b) => a - b);
        expect((await findContract(db, ids[7] as number))?.settlement?.upOutcome).toBe('win');
        expect((await findContract(db, ids[8] as number))?.settlement).toBeNull();
        expect((await openContracts(db)).map((row) => row.id)).toEqual(ids.slice(8));
        const pool = optionOps(db, () => undefined).find(
          (call) => call.path === '/ops/option-pool',
        );
        const accepted = pool?.accept({});
        if (!accepted || !('run' in accepted)) throw new Error('no pool call');
        const shown = (await accepted.run({
          log: async () => undefined,
          userByAccount: async () => ({ id: 0, account: '' }),
          fail: (message) => {
            throw new Error(message);
          },
        })) as { settling: { settled: string; outcome_up: string }[] };
        expect(shown.settling).toMatchObject([{ settled: '8 of 30', outcome_up: 'win' }]);

        // The prints are gone meanwhile (past their retention): the rest is paid by the decision
        // the first slice recorded, not by a new reading.
        await sql`delete from index_prints`.execute(db);
        const second = writerOn();
        await second.rebuild();
        expect(second.open.size).toBe(22);
        const info: { details: Record<string, unknown>; message: string }[] = [];
        const settler = new OptionSettler({
          db,
          writer: second,
          now: () => now,
          onPrints: () => () => undefined,
          log: {
            info: (details, message) =>
              info.push({ details: details as Record<string, unknown>, message }),
            warn: () => undefined,
          },
        });
        // An order arrives once the second writer's first slice is written: it waits for no more
        // than the next slice.
        const [early] = users;
        if (early === undefined) throw new Error('no users');
        let order: Promise<OptionContract> | undefined;
        afterCommit = (committed) => {
          if (order || committed.settled.length === 0) return;
          order = second.order(
            {
              userId: early,
              symbol: 'BTCUSDT',
              direction: 'up',
              unit: 'minute',
              length: 1,
              stake: 10n * usdt,
            },
            key(early),
          );
        };
        const before = events.length;
        const pass = await settler.settleDue(now);
        if (!order) throw new Error('no order was sent');
        const answered = await order;
        expect(answered.status).toBe('open');
        expect(pass).toMatchObject({ contracts: 22, slices: 6 });
        const after = events.slice(before);
        expect(after.filter((event) => event.startsWith('slice'))).toEqual([
          'slice 4',
          'slice 4',
          'slice 4',
          'slice 4',
          'slice 4',
          'slice 2',
        ]);
        // The order was written after the first slice and with or before the second.
        expect(after.indexOf('placed 1')).toBeGreaterThan(0);
        expect(after.indexOf('placed 1')).toBeLessThanOrEqual(2);
        expect(info).toContainEqual({
          details: expect.objectContaining({ contracts: 22, slices: 6 }),
          message: 'second contracts settled',
        });

        // A writer that comes back with the memory of before pays nothing twice.
        expect(await first.settle([decision])).toEqual({ contracts: 0, left: 0 });

        // Each contract settled once: one settlement row, no round left, one posting a slice.
        const settled = await db.selectFrom('option_settlements').selectAll().execute();
        expect(settled).toHaveLength(1);
        expect(settled[0]?.contracts).toBe(30);
        expect(await db.selectFrom('option_settlement_rounds').selectAll().execute()).toHaveLength(
          0,
        );
        const references = await payoutReferences(db);
        const groupRef = `option:settle:BTCUSDT:${group.openTime}:${group.expiryTime}`;
        expect(references).toEqual([
          groupRef,
          ...[4, 8, 12, 16, 20, 24, 28].map((after) => `${groupRef}:${ids[after - 1]}`),
        ]);
        expect((await openContracts(db)).map((row) => row.id)).toEqual([answered.id]);

        // Every balance exact: each owner's stakes out and their wins' payouts in, once.
        const payout = (row: OptionRow) =>
          payoutOf(outcomeOf(row.direction, 'win'), row.stake, row.ratePpm);
        let paid = 0n;
        let staked = 0n;
        for (const userId of users) {
          const mine = rows.filter((row) => row.userId === userId);
          const won = mine.reduce((sum, row) => sum + payout(row), 0n);
          const stakes = mine.reduce((sum, row) => sum + row.stake, 0n);
          const extra = userId === early ? 10n * usdt : 0n;
          paid += won;
          staked += stakes + extra;
          expect(await balanceOf(db, userId, 'option', 'USDT'), `user ${userId}`).toEqual({
            available: start - stakes - extra + won,
            frozen: 0n,
          });
        }
        expect(placed).toHaveLength(30);
        expect(await poolBalance(db)).toBe(seed + staked - paid);
        expect(await auditLedger(db)).toEqual([]);
      },
      120_000,
    );
  },
);
