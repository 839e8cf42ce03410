// The funding rounds' rows: each round a batch paid toward written as the batch leaves it (one
// upsert of its row with its totals and how far its slices reached, then its payments with the
// quantities they were paid on), and the rounds under way read back into the engine's memory at
// start and after a failed batch, with the positions they still owe.
import { sql, type Transaction } from 'kysely';
import { formatAmount, parseAmount } from '../../core/money.ts';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/tables.ts';
import type { EngineState } from './engine-state.ts';
import { type FundingRecord, remainderOf } from './funding-payments.ts';
import { FundingRounds } from './funding-rounds.ts';

const amount = (value: bigint) => formatAmount(value);

export async function saveFunding(
  trx: Transaction<Database>,
  records: readonly FundingRecord[],
): Promise<void> {
  for (const { round, payments } of records) {
    const row = await sql<{ id: string | number }>`
      insert into contract_funding_rounds (symbol, funding_time, rate, mark_price, samples, paid,
        received, remainder, shortfall, ceiling, owed, through_position, finished)
      values (${round.symbol}, ${round.fundingTime}, ${round.rate.toString()}::bigint,
        ${amount(round.mark)}, ${round.samples}, ${amount(round.paid)},
        ${amount(round.received)}, ${amount(remainderOf(round))}, ${amount(round.shortfall)},
        ${round.ceiling}, ${round.total}, ${FundingRounds.through(round)}, ${round.finished})
      on conflict (symbol, funding_time) do update set paid = excluded.paid,
        received = excluded.received, remainder = excluded.remainder,
        shortfall = excluded.shortfall, through_position = excluded.through_position,
        finished = excluded.finished
      returning id`.execute(trx);
    if (payments.length === 0) continue;
    await sql`
      insert into contract_funding_payments (round_id, position_id, user_id, direction, quantity,
        amount)
      select ${row.rows[0]?.id}::bigint, * from unnest(
        ${payments.map((p) => p.position.id)}::bigint[],
        ${payments.map((p) => p.position.userId)}::int[],
        ${payments.map((p) => p.position.direction)}::text[],
        ${payments.map((p) => amount(p.quantity))}::numeric[],
        ${payments.map((p) => amount(p.amount))}::numeric[]
      )`.execute(trx);
  }
}

interface RoundRow {
  id: string;
  symbol: string;
  funding_time: Date | string;
  rate: string;
  mark_price: string;
  samples: number;
  paid: string;
  received: string;
  shortfall: string;
  ceiling: string;
  owed: number;
  through_position: string;
}

const atoms = (text: string) => parseAmount(text) ?? 0n;

/**
 * The listed markets' rounds under way, into `state` (whose open positions are read): each owes
 * the open positions of its market past where its slices reached, up to its ceiling, but for those
 * an order had them pay first. And per market, the time of the last round finished.
 */
export async function readFunding(
  db: Db,
  state: EngineState,
  symbols: readonly string[],
): Promise<void> {
  const running = await sql<RoundRow>`
    select id::text, symbol, funding_time, rate::text, mark_price::text, samples, paid::text,
      received::text, shortfall::text, ceiling::text, owed, through_position::text
    from contract_funding_rounds
    where not finished and symbol = any(${symbols}::text[])`.execute(db);
  for (const row of running.rows) {
    const through = Number(row.through_position);
    const ceiling = Number(row.ceiling);
    const ahead = await sql<{ position_id: string }>`
      select position_id::text from contract_funding_payments
      where round_id = ${row.id}::bigint and position_id > ${through}`.execute(db);
    const owed = [...state.positions.values()]
      .filter((p) => p.symbol === row.symbol && p.id > through && p.id <= ceiling)
      .sort((a, b) => a.id - b.id);
    state.funding.resume({
      symbol: row.symbol,
      rate: BigInt(row.rate),
      mark: atoms(row.mark_price),
      fundingTime: new Date(row.funding_time),
      samples: row.samples,
      ceiling,
      total: row.owed,
      base: through,
      owed,
      next: 0,
      paidAhead: new Set(ahead.rows.map((payment) => Number(payment.position_id))),
      paid: atoms(row.paid),
      received: atoms(row.received),
      shortfall: atoms(row.shortfall),
      finished: false,
    });
  }
  const finished = await sql<{ symbol: string; funding_time: Date | string }>`
    select symbol, max(funding_time) as funding_time from contract_funding_rounds
    where finished and symbol = any(${symbols}::text[]) group by symbol`.execute(db);
  for (const row of finished.rows) {
    state.funding.noteFinished(row.symbol, new Date(row.funding_time).getTime());
  }
}
