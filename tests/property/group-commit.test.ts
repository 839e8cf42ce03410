// Property: in a writer's group commit, no command can fail another. A batch of random commands
// with poisoned ones at random places (each fails any transaction it is in) commits every other
// command exactly once and refuses only the poisoned, the ledger's refusal as it was raised and
// anything else as "not processed"; a database that does not answer fails the batch alike.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database.ts';
import { GroupCommit, type Pending, settle } from '../../server/engine/group-commit.ts';
import { BusinessError } from '../../server/http/business-error.ts';

type Poison = 'none' | 'database' | 'ledger';
interface Command {
  id: number;
  poison: Poison;
  /** A round's slice: the writer runs it in a batch of its own. */
  alone?: boolean;
}

/** A writer over a pretend database: a transaction fails when it holds a poisoned command. */
function writer(options: { outage?: boolean } = {}) {
  const committed: number[] = [];
  /** Each transaction's commands, by id. */
  const batches: number[][] = [];
  let transactions = 0;
  let failed = 0;
  let rebuilds = 0;
  const commands = new GroupCommit<Command, number>({
    // With no idempotency keys the group commit never queries the database itself.
    db: undefined as unknown as Db,
    batchMax: 1000,
    log: { warn: () => {}, error: () => {} },
    label: 'test',
    alone: (command) => command.alone === true,
    rebuild: async () => {
      rebuilds++;
    },
    run: async (work: Pending<Command, number>[], moved: () => void) => {
      transactions++;
      batches.push(work.map((pending) => pending.command.id));
      await Promise.resolve();
      // Memory changes before the write fails, as a book does.
      moved();
      const poisoned = work.find((pending) => pending.command.poison !== 'none');
      if (options.outage || poisoned) failed++;
      if (options.outage) throw Object.assign(new Error('connection lost'), { code: '08006' });
      if (poisoned?.command.poison === 'ledger') throw new BusinessError('balance_insufficient');
      if (poisoned) throw Object.assign(new Error('integer out of range'), { code: '22003' });
      for (const pending of work) {
        committed.push(pending.command.id);
        settle(pending, pending.command.id);
      }
    },
  });
  return {
    commands,
    committed,
    batches,
    stats: () => ({ transactions, failed, rebuilds }),
  };
}

const errorNameOf = (reason: unknown) =>
  reason instanceof BusinessError ? reason.errorName : String(reason);

const batches = fc
  .array(fc.constantFrom<Poison>('none', 'none', 'none', 'none', 'database', 'ledger'), {
    minLength: 1,
    maxLength: 300,
  })
  .map((poisons) => poisons.map((poison, id) => ({ id, poison })));

describe('group commit', () => {
  it('commits every good command once and refuses only the poisoned ones', async () => {
    await fc.assert(
      fc.asyncProperty(batches, async (commands) => {
        const { commands: group, committed, stats } = writer();
        const answers = await Promise.allSettled(commands.map((c) => group.submit(c)));
        for (const [i, command] of commands.entries()) {
          const answer = answers[i] as PromiseSettledResult<number>;
          if (command.poison === 'none') {
            expect(answer).toEqual({ status: 'fulfilled', value: command.id });
          } else {
            expect(answer.status).toBe('rejected');
            const reason = (answer as PromiseRejectedResult).reason;
            expect(errorNameOf(reason)).toBe(
              command.poison === 'ledger' ? 'balance_insufficient' : 'order_not_processed',
            );
          }
        }
        const good = commands.filter((c) => c.poison === 'none').map((c) => c.id);
        expect([...committed].sort((a, b) => a - b)).toEqual(good);
        // The search costs about two transactions per halving for each poisoned command.
        const poisoned = commands.length - good.length;
        const halvings = Math.ceil(Math.log2(commands.length)) + 1;
        expect(stats().transactions).toBeLessThanOrEqual(1 + poisoned * (2 * halvings + 1));
        // Memory is read back after every failed transaction that had changed it.
        expect(stats().rebuilds).toBe(stats().failed);
      }),
      { numRuns: 200 },
    );
  });

  it('answers every command "not processed" when the database does not answer at all', async () => {
    const { commands: group, stats } = writer({ outage: true });
    const answers = await Promise.allSettled(
      Array.from({ length: 64 }, (_, id) => group.submit({ id, poison: 'none' })),
    );
    for (const answer of answers) {
      expect(answer.status).toBe('rejected');
      expect(errorNameOf((answer as PromiseRejectedResult).reason)).toBe('order_not_processed');
    }
    // Once, then once more: no search through 64 commands that would all fail alike.
    expect(stats().transactions).toBe(2);
  });

  it('runs a slice in a batch of its own, every command in the order it queued', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.boolean(), { minLength: 1, maxLength: 200 }),
        fc.integer({ min: 1, max: 300 }),
        async (alone, split) => {
          const { commands: group, committed, batches } = writer();
          const commands = alone.map((slice, id) => ({
            id,
            poison: 'none' as const,
            alone: slice,
          }));
          // Some sent while the first batch is in flight: they queue behind it.
          const first = commands.slice(0, split).map((c) => group.submit(c));
          await Promise.resolve();
          const rest = commands.slice(split).map((c) => group.submit(c));
          await Promise.all([...first, ...rest]);
          expect(committed).toEqual(commands.map((c) => c.id));
          for (const batch of batches) {
            if (batch.some((id) => alone[id])) expect(batch).toHaveLength(1);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
