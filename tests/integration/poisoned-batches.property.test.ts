// No command can fail another user's command in a money writer's batch, on PGlite and on
// PostgreSQL. For every writer (spot, perpetuals, second contract, AI products, pre-sale), a
// random number of random valid commands from different users and one poisoned command at a
// random place are sent in one turn of the event loop, so that they run as one batch: an id past
// its 32-bit column, a user's money taken by another transaction between the writer's read and its
// write, or (pre-sale) the same user's second commit to the project in the batch. Every valid
// command commits exactly once (a success, its one posting, its balance moved once), the poisoned
// one alone is refused with its own reason (the second commit is no poison: it merges, and the
// project counts both), and the ledger audit passes.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorName } from '../../schemas/errors.ts';
import { type OpenedDatabase, openDatabase } from '../../server/db/database.ts';
import type { IdempotencyKey } from '../../server/engine/group-commit.ts';
import { BusinessError } from '../../server/http/business-error.ts';
import { auditLedger } from '../../server/ledger-audit.ts';
import { DrainAfterRead } from '../support/drain-after-read.ts';
import { contractCase, optionCase, spotCase } from '../support/market-writer-cases.ts';
import { createTestDatabase, type TestDatabase } from '../support/postgres.ts';
import { aiCase, subscriptionCase } from '../support/product-writer-cases.ts';
import type { Answered, Driver, Effect, Poison, WriterCase } from '../support/writer-case.ts';
import { balanceOf, fundedUsers, postingsOf } from '../support/writer-fixtures.ts';

const postgres = await createTestDatabase();
/** Each run is a few real transactions (more when the batch splits): few runs, on both databases. */
const numRuns = 5;

interface Database {
  opened: OpenedDatabase;
  drain: DrainAfterRead;
}

interface Batch<Terms> {
  terms: Terms[];
  poisoned: Terms;
  /** Where the poisoned command goes among the valid ones. */
  at: number;
  /** Whose second commit the duplicate is. */
  twin: number;
}

interface Command<Terms> {
  userId: number;
  terms: Terms;
  key: IdempotencyKey;
}

const keyOf = (userId: number): IdempotencyKey => ({
  userId,
  key: randomUUID(),
  path: '/test/batch',
  request: {},
});

const sum = (amounts: readonly bigint[]) => amounts.reduce((total, amount) => total + amount, 0n);

function refusalOf(result: PromiseSettledResult<unknown> | undefined): string {
  if (result?.status !== 'rejected') return 'answered';
  const reason: unknown = result.reason;
  return reason instanceof BusinessError ? reason.errorName : String(reason);
}

async function checkBatch<Terms>(
  writerCase: WriterCase<Terms>,
  driver: Driver<Terms>,
  { opened, drain }: Database,
  poison: Poison,
  batch: Batch<Terms>,
): Promise<void> {
  const { db } = opened;
  const users = await fundedUsers(db, batch.terms.length + 1, writerCase.funds);
  const poisonUser = users[batch.terms.length] as number;
  if (poison === 'balance drained')
    await drain.arm(poisonUser, writerCase.wallet, writerCase.drainTo);
  const totalBefore = await driver.total?.();

  const valid: Command<Terms>[] = batch.terms.map((terms, i) => {
    const userId = users[i] as number;
    return { userId, terms, key: keyOf(userId) };
  });
  const twin = valid[batch.twin % valid.length] as Command<Terms>;
  const poisonedBy = poison === 'duplicate commit' ? twin.userId : poisonUser;
  const poisoned: Command<Terms> = {
    userId: poisonedBy,
    terms: batch.poisoned,
    key: keyOf(poisonedBy),
  };
  const sent = [...valid];
  const at = batch.at % (valid.length + 1);
  sent.splice(at, 0, poisoned);
  // All in this one turn of the event loop: the writer takes them as one batch.
  const answers = sent.map((command) =>
    command === poisoned && poison === 'out-of-range id'
      ? driver.outOfRange(command.userId, command.terms, command.key)
      : driver.submit(command.userId, command.terms, command.key),
  );
  const settled = await Promise.allSettled(answers);

  const effects = new Map<number, Effect[]>();
  for (const [i, command] of sent.entries()) {
    if (command === poisoned && poison !== 'duplicate commit') continue;
    const result = settled[i];
    expect(refusalOf(result), `command ${i} of ${sent.length}`).toBe('answered');
    const answer = (result as PromiseFulfilledResult<Answered>).value;
    const effect = driver.effect(command.userId, command.terms, answer, command.key);
    effects.set(command.userId, [...(effects.get(command.userId) ?? []), effect]);
  }
  if (poison !== 'duplicate commit') {
    const expected: ErrorName =
      poison === 'out-of-range id' ? 'order_not_processed' : writerCase.drainedError;
    expect(refusalOf(settled[at]), `the poisoned command at ${at}`).toBe(expected);
  }
  if (poison === 'balance drained') expect(await drain.drained()).toBeGreaterThan(0);

  const postings = await postingsOf(db, users);
  for (const userId of users) {
    const own = effects.get(userId) ?? [];
    const seen = postings.get(userId) ?? [];
    const drained = poison === 'balance drained' && userId === poisonUser;
    if (drained) {
      expect(seen).toEqual([
        { kind: 'transfer', reference: expect.stringMatching(/^test:drain:/) },
      ]);
    } else {
      const byReference = (a: { reference: string }, b: { reference: string }) =>
        a.reference < b.reference ? -1 : 1;
      expect([...seen].sort(byReference), `postings of user ${userId}`).toEqual(
        own.map(({ kind, reference }) => ({ kind, reference })).sort(byReference),
      );
    }
    for (const funds of writerCase.funds) {
      const moved = own.filter((e) => e.wallet === funds.wallet && e.asset === funds.asset);
      const expected = drained
        ? { available: 0n, frozen: 0n }
        : {
            available: funds.amount + sum(moved.map((e) => e.available)),
            frozen: sum(moved.map((e) => e.frozen)),
          };
      expect(
        await balanceOf(db, userId, funds.wallet, funds.asset),
        `${funds.wallet} ${funds.asset} of user ${userId}`,
      ).toEqual(expected);
    }
  }
  if (totalBefore !== undefined) {
    const counted = sum([...effects.values()].flat().map((e) => e.counted));
    expect(await driver.total?.()).toBe(totalBefore + counted);
  }
  expect(await auditLedger(db)).toEqual([]);
}

function batchOf<Terms>(terms: fc.Arbitrary<Terms>): fc.Arbitrary<Batch<Terms>> {
  return fc.record({
    terms: fc.array(terms, { minLength: 1, maxLength: 7 }),
    poisoned: terms,
    at: fc.nat(),
    twin: fc.nat(),
  });
}

function writerProperties<Terms>(
  writerCase: WriterCase<Terms>,
  database: () => Database,
  skip: boolean,
): void {
  describe(writerCase.name, () => {
    let driver: Driver<Terms>;
    beforeAll(async () => {
      if (skip) return;
      const { opened, drain } = database();
      driver = await writerCase.open(opened.db.withPlugin(drain.plugin), opened.db);
    }, 300_000);

    for (const poison of writerCase.poisons) {
      it.skipIf(skip)(
        `commits every other command of the batch exactly once around a ${poison}`,
        async () => {
          await fc.assert(
            fc.asyncProperty(batchOf(writerCase.terms), (batch) =>
              checkBatch(writerCase, driver, database(), poison, batch),
            ),
            { numRuns },
          );
        },
        300_000,
      );
    }
  });
}

describe.each([
  ['PGlite', undefined],
  ['PostgreSQL', postgres],
] as const)('a poisoned command in a writer batch, on %s', (name, postgresDatabase) => {
  const skip = name === 'PostgreSQL' && !postgresDatabase;
  let database: Database | undefined;

  beforeAll(async () => {
    if (skip) return;
    const opened = await openDatabase({
      databaseUrl: (postgresDatabase as TestDatabase | undefined)?.url,
      pgliteDir: 'memory://',
    });
    database = { opened, drain: new DrainAfterRead(opened) };
  }, 300_000);
  afterAll(async () => {
    await database?.opened.close();
    if (name === 'PostgreSQL') await postgresDatabase?.drop();
  }, 300_000);

  const current = (): Database => {
    if (!database) throw new Error('the database did not open');
    return database;
  };
  writerProperties(spotCase, current, skip);
  writerProperties(contractCase, current, skip);
  writerProperties(optionCase, current, skip);
  writerProperties(aiCase, current, skip);
  writerProperties(subscriptionCase, current, skip);
});
