// The one shape every money writer takes in tests that send it a batch of commands directly: how
// to build it on a database, a random valid command, what a command must have moved (its one
// posting and its balance change), the same command naming an id past its 32-bit column, and the
// product's running total where it keeps one. The writers themselves: market-writer-cases.ts
// (spot, perpetuals, second contract) and product-writer-cases.ts (AI products, pre-sale).
import type fc from 'fast-check';
import type { ErrorName } from '../../schemas/errors.ts';
import type { Db } from '../../server/db/database.ts';
import type { Wallet } from '../../server/db/tables.ts';
import type { IdempotencyKey } from '../../server/engine/group-commit.ts';
import type { Funds } from './writer-fixtures.ts';

/** One past the largest value of a 32-bit `integer` column. */
export const past32Bits = 2_147_483_648;

export type Poison = 'out-of-range id' | 'duplicate commit' | 'balance drained';

/** What a committed command moved: its posting, and its change to one balance. */
export interface Effect {
  kind: string;
  reference: string;
  wallet: Wallet;
  asset: string;
  available: bigint;
  frozen: bigint;
  /** What it adds to the product's running total. */
  counted: bigint;
}

/** A writer's answer to a command: an order (with its id) or a pre-sale record. */
export type Answered = Record<string, unknown>;

export interface Driver<Terms> {
  submit(userId: number, terms: Terms, key: IdempotencyKey): Promise<Answered>;
  /** The same command with the id that reaches a 32-bit column past that column's range. */
  outOfRange(userId: number, terms: Terms, key: IdempotencyKey): Promise<unknown>;
  effect(userId: number, terms: Terms, answer: Answered, key: IdempotencyKey): Effect;
  /** The product's running total (a project's commitments, a product's sales), if it keeps one. */
  total?(): Promise<bigint>;
}

export interface WriterCase<Terms> {
  name: string;
  /** Where its commands pay from (and what a drain empties), and where a drain moves it. */
  wallet: Wallet;
  drainTo: Wallet;
  /** Each test user's money: enough for two commands. */
  funds: readonly Funds[];
  poisons: readonly Poison[];
  /** Its refusal of a command whose money left between its read and its write. */
  drainedError: ErrorName;
  terms: fc.Arbitrary<Terms>;
  /** Builds the writer on `db` (the one that may drain); `plain` is the same database without. */
  open(db: Db, plain: Db): Promise<Driver<Terms>>;
}

export const usdt = 100_000_000n;
export const silent = { error: () => undefined, warn: () => undefined };
