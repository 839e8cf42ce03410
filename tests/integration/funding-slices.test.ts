// A funding round paid a slice of positions at a time, on both databases, against the contract
// engine and its tables: a writer stopped after two slices and a new one reading the round back
// pays every position once, what the whole round pays it, and leaves the funding account at zero;
// the funding clock of a writer that starts with a round under way pays it to its end at its first
// tick; a position an order closes between two slices pays first, on what it held, and a position
// opened after the round began pays nothing. The ledger check passes after each.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { fundingRound } from '../../core/contract/funding.ts';
import { parseAmount } from '../../core/money.ts';
import type { NewContractOrder } from '../../server/contract/batch-types.ts';
import type { ContractEngine } from '../../server/contract/contract-engine.ts';
import { quantityUnits } from '../../server/contract/contract-markets.ts';
import { FundingClock } from '../../server/contract/funding-clock.ts';
import { fundingOps } from '../../server/contract/funding-ops.ts';
import type { FundingCommand } from '../../server/contract/funding-payments.ts';
import type { Db } from '../../server/db/database.ts';
import { auditLedger } from '../../server/ledger-audit.ts';
import { until } from '../support/contract-crash.ts';
import { databaseOn, eachDatabase } from '../support/each-database.ts';
import { FakeScheduler } from '../support/fake-scheduler.ts';
import { perpetual } from '../support/perpetuals.ts';
import { readyContractEngine } from '../support/ready-writers.ts';
import { silent, usdt } from '../support/writer-case.ts';
import { fundedUsers } from '../support/writer-fixtures.ts';

const market = perpetual('BTCUSDT');
/** Not a round number: payments round, so the round leaves a remainder for the insurance fund. */
const mark = 100_000n * usdt + 37_000_000n;
/** 0.0375 %: longs pay shorts. */
const rate = 37_500n;
/** Six positions a slice, however fast: the rounds below take several. */
const six = { targetMs: Number.POSITIVE_INFINITY, min: 6, max: 6, first: 6 };
const price = 10_000_000;

const engineOn = (db: Db) => readyContractEngine(db, market, mark, { fundingSlice: six });

const roundAt = (time: string): FundingCommand => ({
  kind: 'fund',
  symbol: market.symbol,
  rate,
  mark,
  fundingTime: new Date(time),
  samples: 0,
});

function order(userId: number, side: 'buy' | 'sell', quantity: number): NewContractOrder {
  return {
    userId,
    symbol: market.symbol,
    side,
    type: 'limit',
    price,
    quantity,
    leverage: 10,
    marginMode: userId % 2 === 0 ? 'cross' : 'isolated',
    reduceOnly: false,
    purpose: 'user',
  };
}

/** Pairs of users crossing at the mark: a long and a short of the same size each. */
async function openPairs(db: Db, engine: ContractEngine, pairs: number): Promise<number[]> {
  const users = await fundedUsers(db, pairs * 2, [
    { wallet: 'contract', asset: 'USDT', amount: 10_000n * usdt },
  ]);
  for (let i = 0; i < pairs; i += 1) {
    const quantity = 100 * (1 + (i % 7));
    await engine.open(order(users[2 * i] as number, 'buy', quantity));
    await engine.open(order(users[2 * i + 1] as number, 'sell', quantity));
  }
  return users;
}

interface Paid {
  position: string;
  quantity: string;
  amount: string;
}

async function roundRows(db: Db, time: string) {
  const round = await sql<{ id: string; finished: boolean; remainder: string }>`
    select id::text, finished, remainder::text from contract_funding_rounds
    where symbol = ${market.symbol} and funding_time = ${new Date(time)}`.execute(db);
  const row = round.rows[0];
  if (!row) throw new Error('no round recorded');
  const payments = await sql<Paid>`
    select position_id::text as position, quantity::text, amount::text from contract_funding_payments
    where round_id = ${row.id}::bigint order by position_id`.execute(db);
  return { round: row, payments: payments.rows };
}

async function fundingAccount(db: Db): Promise<string | undefined> {
  const { rows } = await sql<{ available: string }>`
    select available::text from ledger_accounts where system_name = 'contract_funding'`.execute(db);
  return rows[0]?.available;
}

const atoms = (text: string) => parseAmount(text.replace(/^-/, '')) ?? 0n;
const signed = (text: string) => (text.startsWith('-') ? -atoms(text) : atoms(text));

/** What `ops funding list` shows. */
async function listRounds(db: Db): Promise<unknown> {
  const [list] = fundingOps(db);
  const call = list?.accept({});
  if (!call || !('run' in call)) throw new Error('funding list refused an empty body');
  const refuse = (message: string): never => {
    throw new Error(message);
  };
  return call.run({ log: async () => undefined, userByAccount: refuse, fail: refuse });
}

async function payToEnd(engine: ContractEngine, command: FundingCommand): Promise<number> {
  let slices = 0;
  for (;;) {
    slices += 1;
    if ((await engine.fund(command)).finished) return slices;
  }
}

describe.each(await eachDatabase())('a funding round in slices, on %s', (...databaseCase) => {
  const { skip, opened } = databaseOn(databaseCase);

  it.skipIf(skip)(
    'is paid to its end once by a new writer after one stopped partway',
    async () => {
      const { db } = opened();
      const first = await engineOn(db);
      await openPairs(db, first, 20);
      const held = [...first.state.positions.values()].sort((a, b) => a.id - b.id);
      const whole = fundingRound(held, mark, rate);
      expect(whole.remainder).toBeGreaterThan(0n);
      const time = '2026-03-01T08:00:00Z';

      expect((await first.fund(roundAt(time))).finished).toBe(false);
      expect((await first.fund(roundAt(time))).finished).toBe(false);
      const partway = await roundRows(db, time);
      expect(partway.round.finished).toBe(false);
      expect(partway.payments).toHaveLength(12);
      expect(await listRounds(db)).toContainEqual(
        expect.objectContaining({ state: 'under way', paid: '12 of 40' }),
      );

      // The first writer is gone; the next reads the round back and finishes it.
      const second = await engineOn(db);
      expect(second.fundingRounds().map((round) => round.symbol)).toEqual([market.symbol]);
      await payToEnd(second, roundAt(time));
      expect(second.fundingRounds()).toEqual([]);
      // Asked again, a finished round pays nothing.
      expect(await second.fund(roundAt(time))).toEqual({ payments: 0, finished: true });
      expect(await listRounds(db)).toContainEqual(
        expect.objectContaining({ state: 'finished', paid: '40 of 40' }),
      );

      const { round, payments } = await roundRows(db, time);
      expect(round.finished).toBe(true);
      expect(payments.map((payment) => Number(payment.position))).toEqual(
        held.map((position) => position.id),
      );
      expect(payments.map((payment) => signed(payment.amount))).toEqual(whole.payments);
      expect(atoms(round.remainder)).toBe(whole.remainder);
      expect(await fundingAccount(db)).toBe('0.00000000');
      expect(await auditLedger(db)).toEqual([]);
    },
    300_000,
  );

  it.skipIf(skip)(
    'is taken up by the funding clock of the next writer to start',
    async () => {
      const { db } = opened();
      const first = await engineOn(db);
      await openPairs(db, first, 5);
      const time = '2026-03-02T00:00:00Z';
      expect((await first.fund(roundAt(time))).finished).toBe(false);

      const second = await engineOn(db);
      const scheduler = new FakeScheduler(Date.parse(time) + 1_000);
      const paid: string[] = [];
      const clock = new FundingClock({
        db,
        engine: second,
        // No index reads here: the clock takes no samples, and only pays what is under way.
        indexOf: () => undefined,
        scheduler,
        settings: {
          intervalMs: 8 * 3_600_000,
          sampleMs: 5_000,
          rule: { interest: 10_000n, clamp: 50_000n, cap: 300_000n },
          impactMargin: 200n * usdt,
        },
        onPaid: (round) => paid.push(new Date(round.fundingTime).toISOString()),
        log: { ...silent, info: () => undefined },
      });
      await clock.start();
      try {
        await clock.tick();
        await until(
          async () => second.fundingRounds().length,
          (running) => running === 0,
        );
        const { round } = await roundRows(db, time);
        expect(round.finished).toBe(true);
        await until(
          async () => paid,
          (told) => told.length > 0,
        );
        expect(paid).toEqual([new Date(time).toISOString()]);
      } finally {
        await clock.stop();
      }
      expect(await fundingAccount(db)).toBe('0.00000000');
      expect(await auditLedger(db)).toEqual([]);
    },
    300_000,
  );

  it.skipIf(skip)(
    'takes a changed position’s payment first, on what it held, and none from a later one',
    async () => {
      const { db } = opened();
      const engine = await engineOn(db);
      await openPairs(db, engine, 10);
      const held = [...engine.state.positions.values()].sort((a, b) => a.id - b.id);
      const quantities = held.map((position) => position.quantity);
      const whole = fundingRound(held, mark, rate);
      const time = '2026-03-02T08:00:00Z';

      expect((await engine.fund(roundAt(time))).finished).toBe(false);
      // The last pair, which no slice has reached, closes between two slices.
      const last = held.slice(-2);
      const long = last.find((position) => position.direction === 'long');
      const short = last.find((position) => position.direction === 'short');
      if (!long || !short) throw new Error('no last pair');
      const closing = (userId: number, side: 'buy' | 'sell', quantity: bigint) => ({
        ...order(userId, side, quantityUnits(market, quantity)),
        reduceOnly: true,
      });
      await engine.open(closing(long.userId, 'sell', long.quantity));
      const closed = await engine.open(closing(short.userId, 'buy', short.quantity));
      expect(closed.status).toBe('filled');
      expect(engine.state.positionOf(long.userId, market.symbol)).toBeUndefined();
      // A pair that opens now owes this round nothing.
      const [later] = await openPairs(db, engine, 1);
      await payToEnd(engine, roundAt(time));

      const { round, payments } = await roundRows(db, time);
      expect(payments.map((payment) => Number(payment.position))).toEqual(
        held.map((position) => position.id),
      );
      expect(payments.map((payment) => signed(payment.amount))).toEqual(whole.payments);
      expect(payments.map((payment) => atoms(payment.quantity))).toEqual(quantities);
      expect(atoms(round.remainder)).toBe(whole.remainder);
      const laterPosition = engine.state.positionOf(later as number, market.symbol);
      expect(laterPosition?.fundingFee).toBe(0n);
      expect(await fundingAccount(db)).toBe('0.00000000');
      expect(await auditLedger(db)).toEqual([]);
    },
    300_000,
  );
});
