// The pre-sales' single writer, with group commit: commitments, a project's allocation and its
// distribution queue while a transaction is in flight and run as one batch, written in one
// transaction with their postings and idempotency keys. A commitment freezes its USDT in the
// funding wallet; the allocation is the published rule's (core/subscription/allocation.ts); the
// distribution credits each slice of users their tokens and releases what the allocation did not
// use, in one posting per slice. A slice is sized from the time the last ones took
// (server/engine/slice-sizer.ts), so a distribution of any size never holds the writer much past
// its budget: commitments to other projects are answered between slices.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { displayAmount, parseAmount } from '../../core/money.ts';
import type { Allocation } from '../../core/subscription/allocation.ts';
import type { SubscriptionRecord } from '../../schemas/api/subscription.schema.ts';
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
import type { AccountRef, Leg } from '../ledger/accounts.ts';
import type { BalanceChange, Posting } from '../ledger/post.ts';
import { writePostings } from '../ledger/write-postings.ts';
import type { Allocations } from './allocations.ts';
import { commitReference, distributeReference } from './ledger-kinds.ts';
import {
  accountHash,
  addCommitments,
  type Commitment,
  commitmentsOf,
  findProjects,
  markAllocated,
  markDistributed,
  type Project,
  projectCommitments,
} from './subscription-store.ts';

export interface NewCommitment {
  userId: number;
  projectId: number;
  amount: bigint;
}

type Command =
  | { kind: 'commit'; commitment: NewCommitment; reference: string }
  | { kind: 'allocate'; projectId: number }
  | { kind: 'distribute'; projectId: number };

type Answer = SubscriptionRecord | number;

/** The smallest commitment, USDT atoms. */
export const minimumCommitment = 100_000_000n;

const funding = (user: number, asset: string): AccountRef => ({ user, wallet: 'funding', asset });

export class SubscriptionWriter {
  readonly #commands: GroupCommit<Command, Answer>;
  readonly #accounts = new AccountDirectory();
  readonly #slice: SliceSizer;

  constructor(
    private readonly options: {
      db: Db;
      now(): number;
      batchMax: number;
      allocations: Allocations;
      /**
       * A commitment as its answer (and its idempotency record) carries it: during the pre-sale
       * with no allocation, at distribution with its own.
       */
      recordOf(
        project: Project,
        commitment: Commitment,
        allocation: Allocation | null,
      ): SubscriptionRecord;
      onBalances(changes: readonly BalanceChange[], ts: number): void;
      /** The records of a distribution batch's users, by user, once it is written. */
      onDistributed(byUser: ReadonlyMap<number, SubscriptionRecord[]>, ts: number): void;
      log: {
        error(details: object, message: string): void;
        warn(details: object, message: string): void;
      };
      /** How long a distribution's slice may take; the round's default unless a test sets it. */
      slice?: SliceBudget;
    },
  ) {
    this.#slice = new SliceSizer(options.slice);
    this.#commands = new GroupCommit({
      db: options.db,
      batchMax: options.batchMax,
      run: (work) => this.#attempt(work),
      // Nothing is kept in memory between batches: there is nothing to rebuild.
      rebuild: async () => undefined,
      log: options.log,
      label: 'subscription',
      // A distribution's slice runs alone: its time, which sizes the next, is the slice's own.
      alone: (command) => command.kind === 'distribute',
    });
  }

  commit(commitment: NewCommitment, key: IdempotencyKey): Promise<SubscriptionRecord> {
    return this.#commands.submit(
      { kind: 'commit', commitment, reference: key.key },
      key,
    ) as Promise<SubscriptionRecord>;
  }

  /** Computes a project's allocation once its pre-sale has ended; answers the commitments. */
  allocate(projectId: number): Promise<number> {
    return this.#commands.submit({ kind: 'allocate', projectId }) as Promise<number>;
  }

  /** Distributes to the next slice of a project's users; answers how many (0: all done). */
  distribute(projectId: number): Promise<number> {
    return this.#commands.submit({ kind: 'distribute', projectId }) as Promise<number>;
  }

  async idle(): Promise<void> {
    await this.#commands.idle();
  }

  async #attempt(work: Pending<Command, Answer>[]): Promise<void> {
    const { db } = this.options;
    const now = this.options.now();
    const started = performance.now();
    const projectIds = work.map((pending) =>
      pending.command.kind === 'commit'
        ? pending.command.commitment.projectId
        : pending.command.projectId,
    );
    const projects = await findProjects(db, [...new Set(projectIds)]);
    const commits = work.flatMap((pending) =>
      pending.command.kind === 'commit' ? [pending.command.commitment] : [],
    );
    const [held, balances] = await Promise.all([
      commitmentsOf(db, commits),
      this.#available(commits.map((commitment) => commitment.userId)),
    ]);
    const current = new Map(held.map((c) => [`${c.projectId}:${c.userId}`, c.committed]));
    // One row per user and project: a second commitment in the same batch adds to the first, as
    // it would in the next batch (two rows for one key would fail the batch's upsert).
    const added = new Map<string, Parameters<typeof addCommitments>[1][number]>();
    const postings: Posting[] = [];
    const answers: (Answer | Error)[] = [];
    const allocated: number[] = [];
    const distributions: { projectId: number; through: string | null; finished: boolean }[] = [];
    const distributed = new Map<number, SubscriptionRecord[]>();
    // A committer's token account opens with their commitment, empty: the distribution, which
    // touches every participant at once, then only changes balances (docs/subscriptions.md).
    const opened: AccountRef[] = [];
    for (const pending of work) {
      const { command } = pending;
      const project = projects.get(
        command.kind === 'commit' ? command.commitment.projectId : command.projectId,
      );
      if (command.kind === 'commit') {
        const { commitment } = command;
        const key = `${commitment.projectId}:${commitment.userId}`;
        const before = current.get(key) ?? 0n;
        const refusal = refusalOf(project, commitment, before, balances, now);
        if (refusal || !project) {
          answers.push(refusal ?? new BusinessError('subscription_not_found'));
          continue;
        }
        current.set(key, before + commitment.amount);
        opened.push(funding(commitment.userId, project.asset));
        balances.set(
          commitment.userId,
          (balances.get(commitment.userId) ?? 0n) - commitment.amount,
        );
        const account = accountHash(project.salt, commitment.userId);
        const earlier = added.get(key);
        added.set(key, {
          ...commitment,
          amount: (earlier?.amount ?? 0n) + commitment.amount,
          account,
          at: now,
        });
        postings.push({
          kind: 'subscription.commit',
          reference: commitReference.build({
            project: commitment.projectId,
            user: commitment.userId,
            key: command.reference,
          }),
          legs: [
            {
              account: funding(commitment.userId, 'USDT'),
              bucket: 'available',
              amount: -commitment.amount,
            },
            {
              account: funding(commitment.userId, 'USDT'),
              bucket: 'frozen',
              amount: commitment.amount,
            },
          ],
        });
        answers.push(
          this.options.recordOf(
            {
              ...project,
              committed: project.committed + commitment.amount,
              participants: project.participants + (before === 0n ? 1 : 0),
            },
            {
              projectId: project.id,
              userId: commitment.userId,
              account,
              committed: before + commitment.amount,
              committedAt: now,
            },
            null,
          ),
        );
      } else if (command.kind === 'allocate') {
        if (!project || project.allocatedAt !== null || project.end > now) {
          answers.push(0);
          continue;
        }
        allocated.push(project.id);
        answers.push(project.participants);
      } else {
        const allocation = project && (await this.options.allocations.of(project));
        if (!project || !allocation || project.distributedAt !== null) {
          answers.push(0);
          continue;
        }
        const limit = this.#slice.size;
        const batch = await projectCommitments(db, project.id, {
          after: project.distributedThrough,
          limit,
        });
        if (batch.length > 0) postings.push(distribution(project, batch, allocation));
        const finished = batch.length < limit;
        distributions.push({
          projectId: project.id,
          through: batch.at(-1)?.account ?? null,
          finished,
        });
        // What each user of the batch is told once it is written: the project as it then stands.
        const after = { ...project, distributedAt: finished ? now : null };
        for (const commitment of batch) {
          const mine = distributed.get(commitment.userId) ?? [];
          // A commitment the allocation does not name got no tokens: all of it comes back.
          const own = allocation.get(commitment.account) ?? {
            account: commitment.account,
            committed: commitment.committed,
            tokens: 0n,
            cost: 0n,
            refund: commitment.committed,
          };
          mine.push(this.options.recordOf(after, commitment, own));
          distributed.set(commitment.userId, mine);
        }
        answers.push(batch.length);
      }
    }
    const ids = await this.#accounts.resolve(db, [
      ...postings.flatMap((posting) => posting.legs.map((leg) => leg.account)),
      ...opened,
    ]);
    const changed = await transact(db, async (trx) => {
      await addCommitments(trx, [...added.values()]);
      for (const projectId of allocated) await markAllocated(trx, projectId, now);
      for (const { projectId, through, finished } of distributions) {
        await markDistributed(trx, projectId, through, finished ? now : null);
      }
      const balances = await writePostings(trx, postings, ids);
      await storeKeys(trx, work, answers);
      return balances;
    });
    for (const [i, pending] of work.entries()) settle(pending, answers[i] as Answer | Error);
    if (changed.length > 0) this.options.onBalances(changed, now);
    if (distributed.size > 0) this.options.onDistributed(distributed, now);
    if (distributed.size > 0) this.#slice.record(distributed.size, performance.now() - started);
  }

  async #available(userIds: readonly number[]): Promise<Map<number, bigint>> {
    const users = [...new Set(userIds)];
    const balances = new Map<number, bigint>(users.map((user) => [user, 0n]));
    if (users.length === 0) return balances;
    const { rows } = await sql<{ user_id: number; available: string }>`
      select user_id, available::text from ledger_accounts
      where user_id = any(${users}::int[]) and wallet = 'funding' and asset = 'USDT'`.execute(
      this.options.db,
    );
    for (const row of rows) balances.set(row.user_id, parseAmount(row.available) ?? 0n);
    return balances;
  }
}

function refusalOf(
  project: Project | undefined,
  commitment: NewCommitment,
  before: bigint,
  balances: ReadonlyMap<number, bigint>,
  now: number,
): BusinessError | null {
  if (!project) return new BusinessError('subscription_not_found');
  if (now < project.start || now >= project.end) {
    return new BusinessError('subscription_not_open', {
      start: new Date(project.start).toISOString(),
      end: new Date(project.end).toISOString(),
    });
  }
  if (commitment.amount < minimumCommitment) {
    return new BusinessError('amount_below_minimum', { amount: '1' });
  }
  if (before + commitment.amount > project.cap) {
    return new BusinessError('subscription_cap_exceeded', {
      amount: displayAmount(project.cap),
      committed: displayAmount(before),
    });
  }
  if ((balances.get(commitment.userId) ?? 0n) < commitment.amount) {
    return new BusinessError('balance_insufficient');
  }
  return null;
}

/**
 * One batch's distribution as one posting: each user's commitment leaves their frozen USDT, its
 * refund returns to their available USDT and its tokens arrive; the cost goes to the products'
 * pool and the tokens come from issuance.
 */
function distribution(
  project: Project,
  batch: readonly Commitment[],
  allocation: ReadonlyMap<string, Allocation>,
): Posting {
  const legs: Leg[] = [];
  let paid = 0n;
  let issued = 0n;
  for (const commitment of batch) {
    const allocated = allocation.get(commitment.account);
    const tokens = allocated?.tokens ?? 0n;
    const refund = allocated?.refund ?? commitment.committed;
    legs.push({
      account: funding(commitment.userId, 'USDT'),
      bucket: 'frozen',
      amount: -commitment.committed,
    });
    if (refund > 0n) {
      legs.push({
        account: funding(commitment.userId, 'USDT'),
        bucket: 'available',
        amount: refund,
      });
    }
    if (tokens > 0n) {
      legs.push({
        account: funding(commitment.userId, project.asset),
        bucket: 'available',
        amount: tokens,
      });
    }
    paid += commitment.committed - refund;
    issued += tokens;
  }
  legs.push({
    account: { system: 'product_pools', asset: 'USDT' },
    bucket: 'available',
    amount: paid,
  });
  if (issued > 0n) {
    legs.push({
      account: { system: 'issuance', asset: project.asset },
      bucket: 'available',
      amount: -issued,
    });
  }
  return {
    kind: 'subscription.distribute',
    reference: distributeReference.build({
      project: project.id,
      batch: batch[0]?.account ?? randomUUID(),
    }),
    legs,
  };
}
