// The slices of second contracts' settlement (server/option/settlement-slice.ts), planned one after
// another on memory the way the writer keeps it, with sizes that change from slice to slice and a
// writer that stops and is rebuilt from what was committed at any point: every contract of every
// group is settled once, by its group's first decision; each group's row is written once with its
// whole count; each round moves on from exactly where the last slice left it and ends with its
// group; no posting reference repeats; and the postings pay out of the pool exactly what the rule
// pays the contracts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { outcomeOf, payoutOf } from '../../core/option/settlement.ts';
import { settleReference } from '../../server/option/ledger-kinds.ts';
import { optionPool } from '../../server/option/option-postings.ts';
import {
  type GroupSettlement,
  groupKey,
  type OptionRow,
} from '../../server/option/option-store.ts';
import type { RoundProgress, SettlementRound } from '../../server/option/settlement-rounds.ts';
import { type OpenGroup, planSettlementSlice } from '../../server/option/settlement-slice.ts';

const usdt = 100_000_000n;
const outcomes = ['win', 'lose', 'refund', 'void'] as const;

interface Case {
  groups: { size: number; outcome: (typeof outcomes)[number] }[];
  sizes: number[];
  /** After which slices the writer stops and a new one is rebuilt from the committed state. */
  restarts: boolean[];
}

const cases = fc.record({
  groups: fc.array(
    fc.record({ size: fc.integer({ min: 1, max: 40 }), outcome: fc.constantFrom(...outcomes) }),
    { minLength: 1, maxLength: 5 },
  ),
  sizes: fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 10 }),
  restarts: fc.array(fc.boolean(), { minLength: 1, maxLength: 10 }),
});

function contractsOf(spec: Case['groups']): { settlements: GroupSettlement[]; rows: OptionRow[] } {
  const rows: OptionRow[] = [];
  const settlements: GroupSettlement[] = [];
  let id = 0;
  for (const [g, { size, outcome }] of spec.entries()) {
    const openTime = 1_000_000 + g * 1000;
    const group = { symbol: 'BTCUSDT', openTime, expiryTime: openTime + 60_000 };
    settlements.push({
      ...group,
      openPrice: outcome === 'void' ? null : 100n * usdt,
      openPrintAt: outcome === 'void' ? null : openTime,
      settlePrice: outcome === 'void' ? null : 101n * usdt,
      settlePrintAt: outcome === 'void' ? null : openTime + 60_000,
      upOutcome: outcome,
      settledAt: openTime + 61_000,
    });
    for (let i = 0; i < size; i++) {
      rows.push({
        id: ++id,
        userId: 1 + (id % 7),
        ...group,
        direction: id % 3 === 0 ? 'down' : 'up',
        unit: 'minute',
        length: 1,
        stake: BigInt(10 + (id % 13)) * usdt,
        ratePpm: 800_000,
        acceptedAt: openTime - 100,
      });
    }
  }
  return { settlements, rows };
}

/** What the database holds: the settled contracts, the rows, the rounds and the references. */
interface Committed {
  settled: Map<number, GroupSettlement>;
  decided: Map<string, GroupSettlement & { contracts: number }>;
  rounds: Map<string, SettlementRound>;
  references: string[];
  paid: bigint;
}

/** A writer's memory rebuilt from what was committed, as `OptionWriter.rebuild` reads it. */
function rebuild(rows: readonly OptionRow[], committed: Committed) {
  const groups = new Map<string, OpenGroup>();
  for (const row of rows) {
    if (committed.settled.has(row.id)) continue;
    const key = groupKey(row);
    const open = groups.get(key) ?? { group: row, contracts: new Map() };
    open.contracts.set(row.id, row);
    groups.set(key, open);
  }
  return { groups, rounds: new Map(committed.rounds) };
}

describe("the slices of second contracts' settlement", () => {
  it("settles every contract once, by its group's first decision, across restarts", () => {
    fc.assert(
      fc.property(cases, fc.constantFrom(...outcomes), (spec, later) => {
        const { settlements, rows } = contractsOf(spec.groups);
        const committed: Committed = {
          settled: new Map(),
          decided: new Map(),
          rounds: new Map(),
          references: [],
          paid: 0n,
        };
        let memory = rebuild(rows, committed);
        for (let slice = 0; slice < 10_000; slice++) {
          const size = spec.sizes[slice % spec.sizes.length] ?? 1;
          // Decisions given after the first slice disagree: a round under way must not heed them
          // (a group first reached later is decided by what it is given then).
          const given = settlements.map((s) => (slice === 0 ? s : { ...s, upOutcome: later }));
          const plan = planSettlementSlice(given, memory.groups, memory.rounds, size);
          if (plan.answer.contracts === 0) {
            expect(plan.answer.left).toBe(0);
            break;
          }
          expect(plan.answer.contracts).toBeLessThanOrEqual(size);
          // The transaction: rows, rounds (each from where the last left it), postings.
          for (const row of plan.decided) {
            const key = groupKey(row);
            expect(committed.decided.has(key)).toBe(false);
            committed.decided.set(key, row);
          }
          for (const change of plan.rounds) {
            const key = groupKey(change.group);
            const before = committed.rounds.get(key);
            const at: RoundProgress | null = before
              ? { through: before.through, settled: before.settled, paid: before.paid }
              : null;
            expect(change.from).toEqual(at);
            if (change.to) {
              const settlement =
                before?.settlement ?? plan.decided.find((row) => groupKey(row) === key);
              if (!settlement) throw new Error('a round with no settlement');
              const contracts = before?.contracts ?? committed.decided.get(key)?.contracts ?? 0;
              committed.rounds.set(key, { settlement, contracts, ...change.to });
            } else committed.rounds.delete(key);
          }
          for (const posting of plan.postings) {
            expect(committed.references).not.toContain(posting.reference);
            expect(settleReference.parse(posting.reference)).not.toBeNull();
            committed.references.push(posting.reference);
            for (const leg of posting.legs) {
              if (leg.account === optionPool) committed.paid -= leg.amount;
            }
          }
          for (const { open, rows: taken, settlement } of plan.taken) {
            for (const row of taken) {
              expect(committed.settled.has(row.id)).toBe(false);
              committed.settled.set(row.id, settlement);
              open.contracts.delete(row.id);
            }
            if (open.contracts.size === 0) memory.groups.delete(groupKey(open.group));
          }
          memory.rounds = new Map(committed.rounds);
          if (spec.restarts[slice % spec.restarts.length]) memory = rebuild(rows, committed);
        }
        expect(committed.settled.size).toBe(rows.length);
        expect(committed.rounds.size).toBe(0);
        let owed = 0n;
        for (const row of rows) {
          const settlement = committed.settled.get(row.id);
          const first = committed.decided.get(groupKey(row));
          expect(settlement?.upOutcome).toBe(first?.upOutcome);
          owed += payoutOf(
            outcomeOf(row.direction, first?.upOutcome ?? 'void'),
            row.stake,
            800_000,
          );
        }
        expect(committed.paid).toBe(owed);
        for (const [g, { size }] of spec.groups.entries()) {
          const row = committed.decided.get(groupKey(settlements[g] as GroupSettlement));
          expect(row?.contracts).toBe(size);
        }
      }),
    );
  });
});
