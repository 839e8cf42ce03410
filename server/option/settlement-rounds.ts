// The groups of second contracts being settled in slices (option_settlement_rounds, migration
// 0025): read back at start with the settlement their first slice recorded, so a new writer pays
// the rest by the same decision from where the last committed slice stopped; and moved on by each
// slice in its own transaction. A slice moves a round only from where it read it: a writer whose
// memory is behind (another took over meanwhile) fails its batch and rebuilds, and pays nothing
// twice.
import { sql, type Transaction } from 'kysely';
import { formatAmount, parseAmount } from '../../core/money.ts';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/tables.ts';
import { type GroupSettlement, groupKey, type OptionGroup, settlementOf } from './option-store.ts';

/** How far a group's slices have come. */
export interface RoundProgress {
  /** The last contract settled: the group's contracts settle in id order. */
  through: number;
  /** Contracts settled so far. */
  settled: number;
  /** What they were paid, atoms. */
  paid: bigint;
}

/** A group being settled: its recorded settlement and count, and how far it has come. */
export interface SettlementRound extends RoundProgress {
  settlement: GroupSettlement;
  /** The group's contracts, as its settlement row counts them. */
  contracts: number;
}

/** What a slice does to a group's round: begins it, moves it on, or ends it. */
export interface RoundChange {
  group: OptionGroup;
  /** Where the slice found the round: null when it begins one. */
  from: RoundProgress | null;
  /** Where it leaves it: null when the group's last contract is settled. */
  to: RoundProgress | null;
}

const iso = (value: number) => new Date(value).toISOString();

/** Every round under way, by group key. */
export async function roundsUnderway(db: Db): Promise<Map<string, SettlementRound>> {
  const { rows } = await sql<Record<string, unknown>>`
    select s.symbol, s.open_time, s.expiry_time, s.open_price::text as open_price, s.open_print_at,
      s.settle_price::text as settle_price, s.settle_print_at, s.up_outcome, s.settled_at,
      s.contracts, r.through_contract::text as through_contract, r.settled, r.paid::text as paid
    from option_settlement_rounds r join option_settlements s
      on s.symbol = r.symbol and s.open_time = r.open_time and s.expiry_time = r.expiry_time
    order by s.expiry_time, s.symbol, s.open_time`.execute(db);
  const rounds = new Map<string, SettlementRound>();
  for (const row of rows) {
    const settlement = settlementOf(row);
    if (!settlement) continue;
    rounds.set(groupKey(settlement), {
      settlement,
      contracts: Number(row.contracts),
      through: Number(row.through_contract),
      settled: Number(row.settled),
      paid: parseAmount(String(row.paid)) ?? 0n,
    });
  }
  return rounds;
}

/** Writes each slice's change to its round; throws when a round is not where the slice read it. */
export async function saveRoundChanges(
  trx: Transaction<Database>,
  changes: readonly RoundChange[],
): Promise<void> {
  for (const { group, from, to } of changes) {
    const where = sql`symbol = ${group.symbol} and open_time = ${iso(group.openTime)}
      and expiry_time = ${iso(group.expiryTime)}`;
    if (from === null && to === null) continue;
    if (from === null && to !== null) {
      // A second writer beginning the same round fails on the key.
      await sql`insert into option_settlement_rounds
          (symbol, open_time, expiry_time, through_contract, settled, paid)
        values (${group.symbol}, ${iso(group.openTime)}, ${iso(group.expiryTime)}, ${to.through},
          ${to.settled}, ${formatAmount(to.paid)})`.execute(trx);
      continue;
    }
    const result =
      to === null
        ? await sql`delete from option_settlement_rounds
            where ${where} and through_contract = ${from?.through}`.execute(trx)
        : await sql`update option_settlement_rounds
            set through_contract = ${to.through}, settled = ${to.settled},
              paid = ${formatAmount(to.paid)}
            where ${where} and through_contract = ${from?.through}`.execute(trx);
    if (result.numAffectedRows !== 1n) {
      throw new Error(`the settlement of ${groupKey(group)} moved past contract ${from?.through}`);
    }
  }
}
