// Model-based test of the ledger: random deposits (some reported twice), transfers (amounts and
// "all"), withdrawals, cancels, approvals and rejections for several users, against a plain model
// of balances. After every step the ledger's invariants hold and every balance, available and
// frozen, equals the model's. `LEDGER_MODEL_RUNS` raises the number of runs (long profile).
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayAmount } from '../../core/money.ts';
import { type Db, openDatabase } from '../../server/db/database.ts';
import type { Wallet } from '../../server/db/tables.ts';
import { BusinessError } from '../../server/http/business-error.ts';
import { checkLedger } from '../../server/ledger/check.ts';
import { balancesOf } from '../../server/wallet/balances.ts';
import { creditDeposit } from '../../server/wallet/credit-deposit.ts';
import { transferFunds } from '../../server/wallet/transfer.ts';
import {
  approveWithdrawal,
  cancelWithdrawal,
  rejectWithdrawal,
  requestWithdrawal,
  withdrawalReservations,
} from '../../server/wallet/withdrawals.ts';

const users = [10_000_001, 10_000_002, 10_000_003];
const assets = ['USDT', 'BTC'];
const walletNames: Wallet[] = ['funding', 'contract', 'option'];
const runs = Number(process.env.LEDGER_MODEL_RUNS ?? 25);

let db: Db;
let close: () => Promise<void>;

beforeAll(async () => {
  const opened = await openDatabase({ databaseUrl: undefined, pgliteDir: 'memory://' });
  db = opened.db;
  close = opened.close;
  for (const id of users) {
    await db
      .insertInto('users')
      .values({
        id,
        account: `${id}@example.com`,
        email: `${id}@example.com`,
        phone: null,
        password_hash: 'x',
        trade_password_hash: null,
        invite_code: String(id),
        inviter_id: null,
        avatar: '',
      })
      .execute();
  }
}, 60_000);
afterAll(() => close());

type Model = Map<string, bigint>;
const key = (user: number, wallet: Wallet, asset: string) => `${user}:${wallet}:${asset}`;
const atoms = fc.bigInt({ min: 1n, max: 10n ** 12n });

interface Real {
  seen: Set<string>;
  step: number;
  /** Withdrawals made so far: their id, owner, asset, amount + fee, and whether still pending. */
  withdrawals: { id: number; user: number; asset: string; total: bigint; pending: boolean }[];
}

const frozenKey = (user: number, asset: string) => `frozen:${user}:${asset}`;
const fee = 100_000_000n;

class Withdraw implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly user: number,
    readonly asset: string,
    readonly amount: bigint,
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const k = key(this.user, 'funding', this.asset);
    const available = model.get(k) ?? 0n;
    const total = this.amount + fee;
    const attempt = db.transaction().execute((trx) =>
      requestWithdrawal(trx, {
        userId: this.user,
        asset: this.asset,
        chain: 'TEST',
        address: 'somewhere',
        amount: this.amount,
        fee,
      }),
    );
    if (total <= available) {
      const row = await attempt;
      real.withdrawals.push({
        id: row.id,
        user: this.user,
        asset: this.asset,
        total,
        pending: true,
      });
      model.set(k, available - total);
      const f = frozenKey(this.user, this.asset);
      model.set(f, (model.get(f) ?? 0n) + total);
    } else {
      await expect(attempt).rejects.toBeInstanceOf(BusinessError);
    }
    await expectConsistent(model);
  }
  toString = () => `withdraw(${this.user}, ${this.asset}, ${this.amount})`;
}

class Settle implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly how: 'cancel' | 'approve' | 'reject',
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const withdrawal = real.withdrawals[this.pick % Math.max(1, real.withdrawals.length)];
    if (!withdrawal) return;
    const { id, user: owner, asset, total } = withdrawal;
    const attempt = db
      .transaction()
      .execute((trx) =>
        this.how === 'cancel'
          ? cancelWithdrawal(trx, owner, id)
          : this.how === 'approve'
            ? approveWithdrawal(trx, id)
            : rejectWithdrawal(trx, id, 'test'),
      );
    if (!withdrawal.pending) {
      await expect(attempt).rejects.toBeInstanceOf(BusinessError);
    } else {
      await attempt;
      withdrawal.pending = false;
      const f = frozenKey(owner, asset);
      model.set(f, (model.get(f) ?? 0n) - total);
      if (this.how !== 'approve') {
        const k = key(owner, 'funding', asset);
        model.set(k, (model.get(k) ?? 0n) + total);
      }
    }
    await expectConsistent(model);
  }
  toString = () => `${this.how}(#${this.pick})`;
}

class Deposit implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly user: number,
    readonly asset: string,
    readonly amount: bigint,
    readonly txid: string,
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const fresh = !real.seen.has(this.txid);
    const credited = await db.transaction().execute((trx) =>
      creditDeposit(trx, {
        userId: this.user,
        asset: this.asset,
        chain: 'TEST',
        txid: this.txid,
        amount: this.amount,
      }),
    );
    expect(credited).toBe(fresh);
    if (fresh) {
      real.seen.add(this.txid);
      const k = key(this.user, 'funding', this.asset);
      model.set(k, (model.get(k) ?? 0n) + this.amount);
    }
    await expectConsistent(model);
  }
  toString = () => `deposit(${this.user}, ${this.asset}, ${this.amount}, ${this.txid})`;
}

class Transfer implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly user: number,
    readonly from: Wallet,
    readonly to: Wallet,
    readonly asset: string,
    readonly amount: bigint | 'all',
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const fromKey = key(this.user, this.from, this.asset);
    const available = model.get(fromKey) ?? 0n;
    const moved = this.amount === 'all' ? available : this.amount;
    const allowed = this.from !== this.to && moved > 0n && moved <= available;
    const attempt = db.transaction().execute((trx) =>
      transferFunds(
        trx,
        this.user,
        {
          from: this.from,
          to: this.to,
          asset: this.asset,
          amount: this.amount === 'all' ? 'all' : displayAmount(this.amount),
        },
        `transfer:model:${++real.step}`,
      ),
    );
    if (allowed) {
      await attempt;
      const toKey = key(this.user, this.to, this.asset);
      model.set(fromKey, available - moved);
      model.set(toKey, (model.get(toKey) ?? 0n) + moved);
    } else {
      await expect(attempt).rejects.toBeInstanceOf(BusinessError);
    }
    await expectConsistent(model);
  }
  toString = () =>
    `transfer(${this.user}, ${this.from}→${this.to}, ${this.asset}, ${String(this.amount)})`;
}

async function expectConsistent(model: Model): Promise<void> {
  expect(await checkLedger(db, [withdrawalReservations])).toEqual([]);
  for (const user of users) {
    const held = await balancesOf(db, user);
    const shown = new Map(held.map((b) => [key(user, b.wallet, b.asset), b.available]));
    for (const asset of assets) {
      const frozen = held.find((b) => b.wallet === 'funding' && b.asset === asset)?.frozen ?? '0';
      expect(frozen).toBe(displayAmount(model.get(frozenKey(user, asset)) ?? 0n));
    }
    for (const wallet of walletNames) {
      for (const asset of assets) {
        const want = model.get(key(user, wallet, asset)) ?? 0n;
        expect(shown.get(key(user, wallet, asset)) ?? '0', key(user, wallet, asset)).toBe(
          displayAmount(want),
        );
      }
    }
  }
}

const user = fc.constantFrom(...users);
const asset = fc.constantFrom(...assets);
const wallet = fc.constantFrom(...walletNames);
const commands = [
  fc
    .tuple(user, asset, atoms, fc.integer({ min: 1, max: 12 }))
    .map(([u, a, n, tx]) => new Deposit(u, a, n, `tx${tx}`)),
  fc
    .tuple(user, wallet, wallet, asset, fc.oneof(atoms, fc.constant('all' as const)))
    .map(([u, f, t, a, n]) => new Transfer(u, f, t, a, n)),
  fc.tuple(user, asset, atoms).map(([u, a, n]) => new Withdraw(u, a, n)),
  fc
    .tuple(fc.nat(50), fc.constantFrom('cancel' as const, 'approve' as const, 'reject' as const))
    .map(([pick, how]) => new Settle(pick, how)),
];

describe('the ledger against a model', () => {
  it('keeps its invariants and the model balances after every step', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 25 }), async (cmds) => {
        await sql`truncate ledger_entries, ledger_postings, ledger_accounts, idempotency_keys, withdrawals cascade`.execute(
          db,
        );
        await fc.asyncModelRun(
          () => ({ model: new Map(), real: { seen: new Set<string>(), step: 0, withdrawals: [] } }),
          cmds,
        );
      }),
      { numRuns: runs },
    );
  }, 300_000);
});
